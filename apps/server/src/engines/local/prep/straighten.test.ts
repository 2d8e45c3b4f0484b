import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { RawImage } from '../image-io.ts'
import { matFromRaw, withCv } from '../opencv.ts'
import { apply, FOCAL_OF_DIAGONAL, largestInnerRect, type Mat3, multiply } from './geometry.ts'
import { findVerticals, straightenPhoto } from './straighten.ts'

// A facade photographed by a tilted phone, rendered here with a known camera: the straightened result must have
// its verticals upright within 0.5° (docs/decisions/0101-straighten-verticals.md).

const FACADE_W = 1600
const FACADE_H = 1200
const PHOTO_W = 1200
const PHOTO_H = 900

/** A flat facade: a rendered wall with windows, pilasters, a door and a cornice; x = const lines are vertical. */
async function facade(): Promise<RawImage> {
  const windows: string[] = []
  for (let row = 0; row < 3; row++)
    for (let col = 0; col < 5; col++) {
      const x = 260 + col * 230
      const y = 230 + row * 270
      windows.push(
        `<rect x="${x}" y="${y}" width="120" height="180" fill="#3a4a5c" stroke="#f1ece2" stroke-width="12"/>`,
        `<line x1="${x + 60}" y1="${y}" x2="${x + 60}" y2="${y + 180}" stroke="#f1ece2" stroke-width="6"/>`,
      )
    }
  const pilasters = [180, 470, 930, 1390].map(
    (x) => `<rect x="${x}" y="150" width="34" height="1000" fill="#a89580"/>`,
  )
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${FACADE_W}" height="${FACADE_H}">
    <rect width="${FACADE_W}" height="${FACADE_H}" fill="#8fb3d9"/>
    <rect x="120" y="120" width="1360" height="1080" fill="#c9b79c"/>
    <rect x="100" y="100" width="1400" height="40" fill="#6d5d4b"/>
    ${pilasters.join('')}${windows.join('')}
    <rect x="720" y="1000" width="160" height="200" fill="#4b3627"/></svg>`
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: 3 }
}

/** The homography of turning the camera by pitch (about x) then roll (about the view axis), onto the photo. */
function camera(pitchDeg: number, rollDeg: number): Mat3 {
  const f = FOCAL_OF_DIAGONAL * Math.hypot(PHOTO_W, PHOTO_H)
  const p = (pitchDeg * Math.PI) / 180
  const r = (rollDeg * Math.PI) / 180
  const Rx: Mat3 = [1, 0, 0, 0, Math.cos(p), -Math.sin(p), 0, Math.sin(p), Math.cos(p)]
  const Rz: Mat3 = [Math.cos(r), -Math.sin(r), 0, Math.sin(r), Math.cos(r), 0, 0, 0, 1]
  // facade pixels → the photo's, centred: the facade's centre is the photo's centre before turning
  const K: Mat3 = [f, 0, PHOTO_W / 2, 0, f, PHOTO_H / 2, 0, 0, 1]
  const Kinv: Mat3 = [1 / f, 0, -FACADE_W / 2 / f, 0, 1 / f, -FACADE_H / 2 / f, 0, 0, 1]
  return multiply(K, multiply(multiply(Rz, Rx), Kinv))
}

async function photograph(scene: RawImage, h: Mat3): Promise<RawImage> {
  const data = await withCv((cv, track) => {
    const out = track(new cv.Mat())
    const m = track(cv.matFromArray(3, 3, cv.CV_64F, h))
    cv.warpPerspective(track(matFromRaw(cv, scene)), out, m, new cv.Size(PHOTO_W, PHOTO_H), cv.INTER_LINEAR)
    return Buffer.from(out.data)
  })
  return { data, width: PHOTO_W, height: PHOTO_H, channels: 3 }
}

const jpeg = (img: RawImage) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } })
    .jpeg()
    .toBuffer()

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
