import { MATERIAL_IDS, materialsFor } from '@parti/contract'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { FLOOR_HORIZON, FLOOR_VANISH_X, H, perspectiveRoom, room, W } from '../../../../test/fixtures/room.ts'
import { CAMERA_HEIGHT, findPlane, layMaterial, planeOf } from './material.ts'
import { findSurface, surfaceKind } from './repaint.ts'

const lum = (d: Buffer, p: number) => 0.2126 * d[p * 3]! + 0.7152 * d[p * 3 + 1]! + 0.0722 * d[p * 3 + 2]!

/**
 * The period (pixels) of a laid texture along a few parallel lines of pixels: the result over the photo (the
 * light divided out), the size of its steps from pixel to pixel (a joint, or one board's tone against the next:
 * both where units meet), and the first peak of their autocorrelation, refined between its neighbours (the
 * period need not be whole pixels); with that correlation (how periodic the lines are).
 */
function periodAlong(result: Buffer, photo: Buffer, lines: number[][]) {
  const corr = new Float64Array(Math.floor(lines[0]!.length / 4))
  for (const line of lines) {
    const r = line.map((p) => lum(result, p) / lum(photo, p))
    const step = r.slice(1).map((v, i) => Math.abs(v - r[i]!))
    const g = step.map((v, i) => (2 * v + (step[i - 1] ?? v) + (step[i + 1] ?? v)) / 4)
    const mean = g.reduce((s, v) => s + v, 0) / g.length
    const c = g.map((v) => v - mean)
    const zero = c.reduce((s, v) => s + v * v, 0) / c.length
    for (let lag = 0; lag < corr.length; lag++) {
      let s = 0
      for (let i = 0; i + lag < c.length; i++) s += c[i]! * c[i + lag]!
      corr[lag]! += s / (c.length - lag) / zero / lines.length
    }
  }
  let lag = 1
  while (lag < corr.length - 1 && corr[lag]! > 0) lag++
  for (; lag < corr.length - 1; lag++) {
    const [a, b, c] = [corr[lag - 1]!, corr[lag]!, corr[lag + 1]!]
    if (b > 0.15 && b >= a && b >= c)
      return { lag: lag + (0.5 * (a - c)) / (a - 2 * b + c || 1), strength: b }
  }
  return { lag: 0, strength: 0 }
}

// A material laid on a floor (docs/decisions/0120-repaint-materials.md), on a room rendered in perspective whose
// floor and its light are known pixel by pixel: the plane is found from the floor's edges, the parquet's joints
// are periodic and recede as a floor's do, the room's light is kept, and nothing outside the floor changes.
describe('a material laid on a floor in perspective', async () => {
  const { image, floor, floorLight } = perspectiveRoom()
  const png = await sharp(image.data, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer()
  const surface = (await findSurface(png, image, { x: 0.5, y: 0.85 }, null))!
  const plane = await findPlane(png, surface)
  const laid = layMaterial(image, surface, 'oak-parquet', plane)

  it('the click picks the floor, seen as a floor, and its horizon is found from its edges', () => {
    let on = 0
    let leak = 0
    for (let p = 0; p < W * H; p++) {
      if (surface.mask[p] === 255 && floor[p]) on++
      if (surface.mask[p] && !floor[p]) leak++
    }
    expect(on / floor.reduce((s, v) => s + v, 0)).toBeGreaterThan(0.95)
    expect(leak / on).toBeLessThan(0.01)
    expect(surfaceKind(surface)).toBe('floor')
    expect(plane.perspective).toBe('vanishing_point')
    expect(Math.abs(plane.horizon! - FLOOR_HORIZON)).toBeLessThan(8)
    expect(Math.abs(plane.vanishX! - FLOOR_VANISH_X)).toBeLessThan(15)
  })

  const periodAt = (y: number, x0: number, x1: number) =>
    periodAlong(
      laid.image.data,
      image.data,
      [0, 1, 2, 3, 4].map((k) => Array.from({ length: x1 - x0 }, (_, i) => (y + k) * W + x0 + i)),
    )

  it('the parquet has periodic joints whose period shrinks toward the horizon as the plane says', () => {
    const bottom = periodAt(585, 200, 600)
    const top = periodAt(365, 200, 600)
    // the board width in pixels on a row, from the plane: 0.07 m × (y − horizon) / camera height
    const expected = (y: number) => (0.07 * (y + 0.5 - plane.horizon!)) / CAMERA_HEIGHT
    expect(bottom.strength).toBeGreaterThan(0.3)
    expect(top.strength).toBeGreaterThan(0.3)
    expect(Math.abs(bottom.lag - expected(585)) / expected(585)).toBeLessThan(0.12)
    expect(Math.abs(top.lag - expected(365)) / expected(365)).toBeLessThan(0.15)
    // it recedes: boards near the camera are more than twice as wide as at the back of the room
    expect(bottom.lag / top.lag).toBeGreaterThan(2)
  })

  it('keeps the light of the floor: block by block, the result follows the photo’s light', () => {
    const a: number[] = []
    const b: number[] = []
    for (let by = 350; by + 20 <= H; by += 20)
      for (let bx = 0; bx + 40 <= W; bx += 40) {
        let s = 0
        let l = 0
        let n = 0
        for (let y = by; y < by + 20; y++)
          for (let x = bx; x < bx + 40; x++) {
            const p = y * W + x
            if (surface.mask[p] !== 255 || !floor[p]) continue
            s += lum(laid.image.data, p)
            l += floorLight[p]!
            n++
          }
        if (n < 600) continue
        a.push(s / n)
        b.push(l / n)
      }
    const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length
    const ma = mean(a)
    const mb = mean(b)
    let cov = 0
    let va = 0
    let vb = 0
    for (let i = 0; i < a.length; i++) {
      cov += (a[i]! - ma) * (b[i]! - mb)
      va += (a[i]! - ma) ** 2
      vb += (b[i]! - mb) ** 2
    }
    expect(a.length).toBeGreaterThan(40)
    expect(cov / Math.sqrt(va * vb)).toBeGreaterThan(0.85)
  })

  it('lands on the base colour and changes no pixel outside the floor', () => {
    expect(laid.deltaE).toBeLessThan(2)
    expect(laid.outsideChanged).toBe(0)
    let changed = 0
    for (let p = 0; p < W * H; p++) {
      if (surface.mask[p]) continue
      const i = p * 3
      if (
        laid.image.data[i] !== image.data[i] ||
        laid.image.data[i + 1] !== image.data[i + 1] ||
        laid.image.data[i + 2] !== image.data[i + 2]
      )
        changed++
    }
    expect(changed).toBe(0)
  })

  it('is the same bytes for the same photo and material', () => {
    const again = layMaterial(image, surface, 'oak-parquet', plane)
    expect(again.image.data.equals(laid.image.data)).toBe(true)
  })

  it('without lines to go by, assumes a level camera and still recedes', () => {
    const assumed = planeOf(surface, [])
    expect(assumed.perspective).toBe('assumed_level')
    expect(assumed.horizon).toBeLessThan(340)
    const uv = new Float64Array(4)
    assumed.at(400, 590, uv)
    const near = uv[2]!
    assumed.at(400, 360, uv)
    expect(uv[2]! / near).toBeGreaterThan(2)
  })
})

describe('a material laid on a wall', async () => {
  const { image, wall } = room()
  const png = await sharp(image.data, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer()
  const surface = (await findSurface(png, image, { x: 0.3, y: 0.55 }, null))!

  it.each(materialsFor('wall'))(
    '%s is laid flat, near its base colour, nothing outside changed',
    async (id) => {
      expect(surfaceKind(surface)).toBe('wall')
      const plane = await findPlane(png, surface)
      expect(plane.perspective).toBe('flat')
      const out = layMaterial(image, surface, id, plane)
      expect(out.deltaE).toBeLessThan(2)
      expect(out.outsideChanged).toBe(0)
      // the wall's bright side stays brighter than its dark corner, whatever the pattern
      const mean = (x0: number, y0: number) => {
        let s = 0
        for (let y = y0; y < y0 + 40; y++)
          for (let x = x0; x < x0 + 40; x++) if (wall[y * W + x]) s += lum(out.image.data, y * W + x)
        return s
      }
      expect(mean(700, 360)).toBeGreaterThan(mean(20, 360))
    },
  )
})

describe('a material laid on a wall seen at an angle', async () => {
  const { image } = perspectiveRoom()
  const png = await sharp(image.data, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer()
  // the left side wall: its edges with the ceiling and the floor meet at the room's vanishing point
  const surface = (await findSurface(png, image, { x: 0.05, y: 0.4 }, null))!
  const plane = await findPlane(png, surface)
  const laid = layMaterial(image, surface, 'subway-tiles', plane)

  it('follows the wall’s lines: tile rows narrow toward the vanishing point as the wall recedes', () => {
    expect(surfaceKind(surface)).toBe('wall')
    expect(plane.perspective).toBe('vanishing_point')
    expect(Math.abs(plane.horizon! - FLOOR_HORIZON)).toBeLessThan(8)
    expect(Math.abs(plane.vanishX! - FLOOR_VANISH_X)).toBeLessThan(15)
    const column = (x0: number, y0: number, y1: number) =>
      periodAlong(
        laid.image.data,
        image.data,
        [0, 1, 2, 3, 4].map((k) => Array.from({ length: y1 - y0 }, (_, i) => (y0 + i) * W + x0 + k)),
      )
    const near = column(20, 40, 390)
    const far = column(130, 90, 330)
    expect(near.strength).toBeGreaterThan(0.3)
    expect(far.strength).toBeGreaterThan(0.3)
    // a row of tiles is as tall as the wall is near: (400 − 22) / (400 − 132) ≈ 1.41 times taller by the window
    expect(near.lag / far.lag).toBeGreaterThan(1.41 * 0.87)
    expect(near.lag / far.lag).toBeLessThan(1.41 * 1.13)
    expect(laid.deltaE).toBeLessThan(2)
    expect(laid.outsideChanged).toBe(0)
  })
})

describe('the library', () => {
  it('offers floors and walls their own materials, every one to one or the other', () => {
    expect(materialsFor('floor')).toContain('oak-parquet')
    expect(materialsFor('floor')).not.toContain('exposed-brick')
    expect(materialsFor('wall')).toContain('subway-tiles')
    expect(materialsFor(null)).toEqual(MATERIAL_IDS)
    expect(new Set([...materialsFor('floor'), ...materialsFor('wall')]).size).toBe(MATERIAL_IDS.length)
  })
})
