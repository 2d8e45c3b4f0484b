import sharp from 'sharp'
import type { RawImage } from '../image-io.ts'
import { matFromRaw, withCv } from '../opencv.ts'
import { applyLuts, chain, gainCurves, levelsCurve, percentile } from '../tone.ts'

export interface LightFix {
  black: number
  white: number
  gamma: number
  gains: [number, number, number]
}

/** Median brightness a listing photo should have: bright, airy rooms, without washing out the highlights. */
const TARGET_MID = 0.5

/**
 * Measures exposure and colour cast on a small copy: levels from the 0.5th and 99.7th percentiles, a gamma that
 * brings the median to a bright listing look, and grey-world gains from the near-neutral mid-tones (so a red
 * sofa or green wall does not pull the balance).
 */
export async function measureLight(img: RawImage): Promise<LightFix> {
  const { data } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(256, 256, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const histogram = new Uint32Array(256)
  let n = 0
  const sums = [0, 0, 0]
  let neutral = 0
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i]!
    const g = data[i + 1]!
    const b = data[i + 2]!
    const y = (0.2126 * r + 0.7152 * g + 0.0722 * b) | 0
    histogram[y]!++
    n++
    const max = Math.max(r, g, b)
    const min = Math.min(r, g, b)
    if (y > 30 && y < 235 && max - min < 0.55 * max) {
      sums[0]! += r
      sums[1]! += g
      sums[2]! += b
      neutral++
    }
  }
  const black = Math.min(40, percentile(histogram, n, 0.005))
  const white = Math.max(160, percentile(histogram, n, 0.997))
  const median = (percentile(histogram, n, 0.5) - black) / Math.max(1, white - black)
  const gamma = Math.max(
    0.55,
    Math.min(1.3, Math.log(TARGET_MID) / Math.log(Math.max(0.05, Math.min(0.95, median)))),
  )
  let gains: [number, number, number] = [1, 1, 1]
  if (neutral > n * 0.05) {
    const mean = (sums[0]! + sums[1]! + sums[2]!) / 3
    // 70% of the grey-world correction: a room lit by warm lamps should stay a little warm, a beige room beige
    gains = sums.map((s) => 1 + (Math.max(0.7, Math.min(1.4, mean / Math.max(1, s))) - 1) * 0.7) as [
      number,
      number,
      number,
    ]
  }
  return { black, white, gamma, gains }
}

export function applyLight(img: RawImage, fix: LightFix): void {
  applyLuts(img, chain(gainCurves(fix.gains), levelsCurve(fix.black, fix.white, fix.gamma)))
}

/**
 * Denoise, edge-aware: a Gaussian blur is blended in where the picture is flat (walls, ceilings, floors) and kept
 * out where the blurred luminance has an edge, so speckle goes and door frames and furniture stay crisp.
 * It does in three cheap passes what a wide bilateral filter would do in one slow one.
 */
export async function denoise(img: RawImage): Promise<void> {
  const { width, height } = img
  const { smooth, edges } = await withCv((cv, track) => {
    const src = track(matFromRaw(cv, img))
    const blurred = track(new cv.Mat())
    const sigma = Math.max(1.2, Math.max(width, height) / 800)
    cv.GaussianBlur(src, blurred, new cv.Size(0, 0), sigma)
    const grey = track(new cv.Mat())
    cv.cvtColor(blurred, grey, cv.COLOR_RGB2GRAY)
    const gx = track(new cv.Mat())
    const gy = track(new cv.Mat())
    cv.Sobel(grey, gx, cv.CV_16S, 1, 0, 3)
    cv.Sobel(grey, gy, cv.CV_16S, 0, 1, 3)
    const ax = track(new cv.Mat())
    const ay = track(new cv.Mat())
    cv.convertScaleAbs(gx, ax)
    cv.convertScaleAbs(gy, ay)
    const mag = track(new cv.Mat())
    cv.addWeighted(ax, 0.5, ay, 0.5, 0, mag)
    return { smooth: Buffer.from(blurred.data), edges: new Uint8Array(mag.data) }
  })
  const d = img.data
  for (let p = 0, i = 0; p < edges.length; p++, i += 3) {
    // below ~18 the gradient is noise on a flat surface; above ~48 it is a real edge
    const e = edges[p]!
    const w = e <= 18 ? 0.92 : e >= 48 ? 0 : 0.92 * (1 - (e - 18) / 30)
    if (w === 0) continue
    d[i] = d[i]! * (1 - w) + smooth[i]! * w + 0.5
    d[i + 1] = d[i + 1]! * (1 - w) + smooth[i + 1]! * w + 0.5
    d[i + 2] = d[i + 2]! * (1 - w) + smooth[i + 2]! * w + 0.5
  }
}
