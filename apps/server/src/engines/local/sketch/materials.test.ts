import { describe, expect, it } from 'vitest'
import type { EngineStyle } from '../../types.ts'
import { houseSketch, meanAbsDiff, testContext } from '../fixtures.ts'
import type { RawImage } from '../image-io.ts'
import { type RegionMap, ROLES, type Role } from './regions.ts'
import { renderSketch } from './render.ts'

const MARKER: EngineStyle = {
  id: 'marker',
  name: 'Marker',
  prompt: '',
  negativePrompt: '',
  qualityPrompt: '',
  localParams: { look: 'marker', lineWeight: 1, saturation: 1, warmth: 0, paperTexture: 0.3, shading: 0.5 },
}

/** sRGB → CIE Lab (D65). */
function lab(r: number, g: number, b: number): [number, number, number] {
  const lin = (v: number) => {
    const c = v / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  const [R, G, B] = [lin(r), lin(g), lin(b)]
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116)
  const x = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047)
  const y = f(0.2126 * R + 0.7152 * G + 0.0722 * B)
  const z = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883)
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)]
}

/** Mean Lab of the picture over the work pixels of one role, leaving out the lines and their edges. */
function regionLab(image: RawImage, map: RegionMap, role: Role): [number, number, number] {
  const want = ROLES.indexOf(role)
  const sum = [0, 0, 0]
  let n = 0
  for (let y = 2; y < map.height - 2; y++) {
    for (let x = 2; x < map.width - 2; x++) {
      const i = y * map.width + x
      if (map.roles[i] !== want || map.lines[i] || map.lines[i - 2] || map.lines[i + 2]) continue
      const px = Math.round(((x + 0.5) * image.width) / map.width - 0.5)
      const py = Math.round(((y + 0.5) * image.height) / map.height - 0.5)
      const o = (py * image.width + px) * image.channels
      const c = lab(image.data[o]!, image.data[o + 1]!, image.data[o + 2]!)
      for (let k = 0; k < 3; k++) sum[k]! += c[k]!
      n++
    }
  }
  expect(n).toBeGreaterThan(200)
  return sum.map((v) => v / n) as [number, number, number]
}

describe('sketch description → materials and colours', () => {
  it('paints the walls and the roof as the words say, three descriptions giving three renders', async () => {
    const input = await houseSketch()
    const ctx = await testContext()
    const render = (prompt: string) =>
      renderSketch({ input, prompt, style: MARKER, palette: null, customColors: null }, ctx)
    const [white, brick, timber] = await Promise.all([
      render('a house with white rendered walls and a grey slate roof'),
      render('a red brick house with a black roof'),
      render('a timber cabin with green walls'),
    ])
    // three different pictures, not three copies (the building is about a quarter of the page)
    expect(meanAbsDiff(white.image.data, brick.image.data)).toBeGreaterThan(6)
    expect(meanAbsDiff(white.image.data, timber.image.data)).toBeGreaterThan(6)
    expect(meanAbsDiff(brick.image.data, timber.image.data)).toBeGreaterThan(6)
    const wall = (r: typeof white) => regionLab(r.image, r.map, 'wall')
    const roof = (r: typeof white) => regionLab(r.image, r.map, 'roof')
    const [whiteWall, brickWall, timberWall] = [wall(white), wall(brick), wall(timber)]
    // white render: light and neutral; brick: darker and clearly red; green timber: green
    expect(whiteWall[0]).toBeGreaterThan(80)
    expect(Math.hypot(whiteWall[1], whiteWall[2])).toBeLessThan(12)
    expect(brickWall[1]).toBeGreaterThan(whiteWall[1] + 20)
    expect(brickWall[0]).toBeLessThan(whiteWall[0] - 20)
    expect(timberWall[1]).toBeLessThan(-10)
    // black roof darker than the grey slate one, both nearly neutral
    const [slateRoof, blackRoof] = [roof(white), roof(brick)]
    expect(blackRoof[0]).toBeLessThan(slateRoof[0] - 15)
    expect(Math.hypot(slateRoof[1], slateRoof[2])).toBeLessThan(12)
  })
})
