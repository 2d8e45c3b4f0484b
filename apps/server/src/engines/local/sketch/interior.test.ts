import { describe, expect, it } from 'vitest'
import type { EngineStyle } from '../../types.ts'
import { testContext } from '../fixtures.ts'
import { LIVING_ROOM, livingRoomSketch } from '../fixtures-room.ts'
import { ROLES } from './regions.ts'
import { renderSketch } from './render.ts'

const MARKER: EngineStyle = {
  id: 'marker',
  name: 'Marker',
  prompt: '',
  negativePrompt: '',
  qualityPrompt: '',
  localParams: { look: 'marker', lineWeight: 1, saturation: 1, warmth: 0, paperTexture: 0.3, shading: 0.5 },
}

describe('interior sketches render as rooms', () => {
  it('a green sofa is painted green: the description reaches the furniture', async () => {
    const input = await livingRoomSketch()
    const { image } = await renderSketch(
      { input, prompt: 'a living room with a green sofa', style: MARKER, palette: null, customColors: null },
      await testContext(),
    )
    const s = LIVING_ROOM.sofa
    const o = (595 * image.width + Math.round((s.x0 + s.x1) / 2)) * 3
    const [r, g, b] = [image.data[o]!, image.data[o + 1]!, image.data[o + 2]!]
    expect(g).toBeGreaterThan(r + 15)
    expect(g).toBeGreaterThan(b + 15)
  })

  it('a bright living room: a light window, a fabric sofa, a wooden floor, no dark streaks, the dots of its i’s', async () => {
    const input = await livingRoomSketch()
    const ctx = await testContext()
    const { image, map, interior } = await renderSketch(
      { input, prompt: 'a bright living room', style: MARKER, palette: null, customColors: null },
      ctx,
    )
    expect(interior).toBe(true)
    // the design is 1024×768 units and so is the render
    expect([image.width, image.height]).toEqual([1024, 768])
    const lum = (x: number, y: number) => {
      const o = (y * image.width + x) * 3
      return 0.2126 * image.data[o]! + 0.7152 * image.data[o + 1]! + 0.0722 * image.data[o + 2]!
    }
    const roleAt = (x: number, y: number) =>
      ROLES[
        map.roles[
          Math.floor((y * map.height) / image.height) * map.width + Math.floor((x * map.width) / image.width)
        ]!
      ]
    const onLine = (x: number, y: number) =>
      map.lines[
        Math.floor((y * map.height) / image.height) * map.width + Math.floor((x * map.width) / image.width)
      ]! > 0

    // the window is daylight: its glass is bright, not dark glass
    const w = LIVING_ROOM.window
    let sum = 0
    let n = 0
    for (let y = w.y0 + 14; y < w.y1 - 14; y += 2) {
      for (let x = w.x0 + 14; x < w.x1 - 14; x += 2) {
        if (onLine(x, y)) continue
        sum += lum(x, y)
        n++
      }
    }
    expect(roleAt((w.x0 + w.x0 + 40) / 2, (w.y0 + w.y1) / 2)).toBe('glazing')
    expect(sum / n).toBeGreaterThan(200)

    // the sofa is furniture standing on the floor, in a mid-light fabric; the floor is warm boards
    const s = LIVING_ROOM.sofa
    expect(roleAt((s.x0 + s.x1) / 2, 595)).toBe('furniture')
    expect(lum((s.x0 + s.x1) / 2, 595)).toBeGreaterThan(110)
    expect(roleAt(512, 700)).toBe('floor')
    const o = (700 * image.width + 512) * 3
    expect(image.data[o]!).toBeGreaterThan(image.data[o + 2]! + 20)

    // no dark streaks: away from the lines, hardly any pixel is near black
    let dark = 0
    let open = 0
    for (let y = 0; y < image.height; y += 2) {
      for (let x = 0; x < image.width; x += 2) {
        if (onLine(x, y)) continue
        open++
        if (lum(x, y) < 60) dark++
      }
    }
    expect(dark / open).toBeLessThan(0.005)

    // the dots of the i's in the note survive the line clean-up
    for (const [dx, dy] of LIVING_ROOM.dots) {
      let darkest = 255
      for (let y = dy - 3; y <= dy + 3; y++)
        for (let x = dx - 3; x <= dx + 3; x++) darkest = Math.min(darkest, lum(x, y))
      expect(darkest, `dot at ${dx},${dy}`).toBeLessThan(110)
    }
  })
})
