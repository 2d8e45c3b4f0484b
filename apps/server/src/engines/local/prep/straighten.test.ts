import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { camera, facade, jpeg, PHOTO_H, PHOTO_W, photograph } from '../../../../test/fixtures/facade.ts'
import { apply, largestInnerRect, type Mat3, multiply } from './geometry.ts'
import { findVerticals, straightenPhoto } from './straighten.ts'

// A facade photographed by a tilted phone, rendered with a known camera (test/fixtures/facade.ts): the
// straightened result must have its verticals upright within 0.5° (docs/decisions/0101-straighten-verticals.md).

/** How far the facade's vertical x = const lines lean in the result, degrees, through a mapping. */
function worstLean(h: Mat3): number {
  let worst = 0
  for (const x of [200, 500, 800, 1100, 1400]) {
    const a = apply(h, x, 300)
    const b = apply(h, x, 1000)
    const dx = b[0] / b[2] - a[0] / a[2]
    const dy = b[1] / b[2] - a[1] / a[2]
    worst = Math.max(worst, (Math.atan2(Math.abs(dx), Math.abs(dy)) * 180) / Math.PI)
  }
  return worst
}

describe('straighten verticals', () => {
  it.each([
    [12, 0],
    [10, 3],
    [-8, -2],
  ])(
    'a facade shot with the camera pitched %d° and rolled %d° comes back with verticals within 0.5°',
    async (pitch, roll) => {
      const cam = camera(pitch, roll)
      const photo = await photograph(await facade(), cam)
      expect(worstLean(cam)).toBeGreaterThan(2)
      const verticals = await findVerticals(await jpeg(photo))
      expect(verticals).not.toBeNull()
      expect(verticals!.leanDeg).toBeGreaterThan(1)
      const out = await straightenPhoto(photo, verticals!)
      expect(worstLean(multiply(out.homography, cam))).toBeLessThan(0.5)
      // the pitch undone is the camera's, signed by where the verticals met (above: it looked up)
      const spread = (y: number) => {
        const a = apply(cam, 200, y)
        const b = apply(cam, 1400, y)
        return b[0] / b[2] - a[0] / a[2]
      }
      expect(Math.sign(out.pitchDeg)).toBe(spread(300) < spread(1000) ? 1 : -1)
      expect(Math.abs(Math.abs(out.pitchDeg) - Math.abs(pitch))).toBeLessThan(2)
      // the crop keeps most of the picture and leaves no empty corner (the replicated border would be flat)
      expect(out.kept).toBeGreaterThan(0.6)
      expect(out.image.width * out.image.height).toBeLessThanOrEqual(PHOTO_W * PHOTO_H * 1.01)
    },
  )

  it('a picture without verticals (sky and a soft gradient) is not straightened', async () => {
    const plain = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#9ab8d8' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><circle cx="400" cy="300" r="180" fill="#e8d8a0"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer()
    expect(await findVerticals(plain)).toBeNull()
  })

  it('the largest rectangle inside a trapezoid spans its narrower side', () => {
    const [l, t, r, b] = largestInnerRect([
      [100, 0],
      [900, 0],
      [1000, 1000],
      [0, 1000],
    ])
    expect(t).toBeCloseTo(0, 0)
    expect(b).toBeCloseTo(1000, 0)
    expect(l).toBeCloseTo(100, 0)
    expect(r).toBeCloseTo(900, 0)
  })
})
