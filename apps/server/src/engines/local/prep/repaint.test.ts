import { ciede2000, srgbToLab as labOf, resolvePaint } from '@parti/contract'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { H, room, W } from '../../../../test/fixtures/room.ts'
import { findSurface, repaintSurface } from './repaint.ts'

// Repaint in exact colours (docs/decisions/0112-repaint-exact-colours.md) on a rendered room whose wall is known
// pixel by pixel: one click picks the wall and stops at the ceiling, the floor, the window and a picture; the
// repainted wall measures within ΔE00 2 of five colours across the gamut; nothing outside it changes.
describe('repaint a surface in an exact colour', async () => {
  const { image, wall } = room()
  const png = await sharp(image.data, { raw: { width: W, height: H, channels: 3 } })
    .png()
    .toBuffer()
  const surface = (await findSurface(png, image, { x: 0.3, y: 0.55 }, null))!

  it('one click picks the wall and nothing but the wall', () => {
    expect(surface).not.toBeNull()
    let inWall = 0
    let wallPx = 0
    let leaked = 0
    for (let p = 0; p < W * H; p++) {
      if (wall[p]) wallPx++
      if (surface.mask[p] === 255 && wall[p]) inWall++
      // a leak: a pixel two or more away from the wall's edge inside the mask
      if (surface.mask[p] && !wall[p]) {
        const x = p % W
        const y = (p - x) / W
        const nearWall = [-2, -1, 1, 2].some(
          (d) =>
            wall[y * W + Math.min(W - 1, Math.max(0, x + d))] ||
            wall[Math.min(H - 1, Math.max(0, y + d)) * W + x],
        )
        if (!nearWall) leaked++
      }
    }
    expect(inWall / wallPx).toBeGreaterThan(0.93)
    expect(leaked).toBe(0)
  })

  it.each(['RAL 7035', 'RAL 3020', 'NCS S 2060-B', 'RAL 6018', '#2B2B2B'])(
    '%s: ΔE00 ≤ 2 on the repainted wall, no pixel changed outside it, the shade kept',
    (asked) => {
      const paint = resolvePaint(asked)!
      const out = repaintSurface(image, surface, paint.lab)
      expect(out.deltaE).toBeLessThanOrEqual(2)
      expect(out.outsideChanged).toBe(0)
      // measured here again, not trusted: every pixel outside the mask is the photo's
      for (let p = 0; p < W * H; p++) {
        if (surface.mask[p]) continue
        const i = p * 3
        if (out.image.data[i] !== image.data[i] || out.image.data[i + 2] !== image.data[i + 2])
          throw new Error(`pixel ${p} changed outside the surface`)
      }
      // the light is kept: the wall's bright side stays brighter than its dark corner
      const lum = (x: number, y: number) => {
        const i = (y * W + x) * 3
        return out.image.data[i]! + out.image.data[i + 1]! + out.image.data[i + 2]!
      }
      expect(lum(700, 200)).toBeGreaterThan(lum(40, 400))
      // and a point of the wall in middle light is close to the colour asked
      const i = (300 * W + 400) * 3
      const mid = ciede2000(
        paint.lab,
        labOf(out.image.data[i]!, out.image.data[i + 1]!, out.image.data[i + 2]!),
      )
      expect(mid).toBeLessThan(8)
    },
  )

  it('a colour no screen can show (RAL 5015) comes as close as sRGB allows, and its ΔE says how close', () => {
    const paint = resolvePaint('RAL 5015')!
    expect(paint.inGamut).toBe(false)
    const out = repaintSurface(image, surface, paint.lab)
    expect(out.deltaE).toBeGreaterThan(2)
    expect(out.deltaE).toBeLessThan(6)
    expect(out.outsideChanged).toBe(0)
  })

  it('a lasso alone is the surface; a click outside the lasso finds none', async () => {
    const lasso = new Uint8Array(W * H)
    for (let y = 440; y < 590; y++) for (let x = 10; x < 790; x++) lasso[y * W + x] = 255
    const floor = (await findSurface(png, image, null, lasso))!
    expect(floor.share).toBeCloseTo((150 * 780) / (W * H), 3)
    expect(await findSurface(png, image, { x: 0.3, y: 0.3 }, lasso)).toBeNull()
  })
})
