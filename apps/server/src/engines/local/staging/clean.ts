import sharp from 'sharp'
import type { RawImage } from '../image-io.ts'
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
    if (y > 30 && y < 235 && max - min < 0.35 * max) {
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
    // 80% of the grey-world correction: a room lit by warm lamps should stay a little warm
    gains = sums.map((s) => 1 + (Math.max(0.7, Math.min(1.4, mean / Math.max(1, s))) - 1) * 0.8) as [
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
 * Denoise: a 3×3 median removes sensor speckle; blending 60% of it back keeps fine texture (wood grain, fabric)
 * that a full median would flatten.
 */
export async function denoise(img: RawImage): Promise<void> {
  const median = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .median(3)
    .raw()
    .toBuffer()
  const d = img.data
  for (let i = 0; i < d.length; i++) d[i] = (d[i]! * 0.4 + median[i]! * 0.6 + 0.5) | 0
}
