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
 * Measures exposure and colour cast on a small copy: levels from the 0.5th and 99.7th percentiles and a gamma that
 * brings the median to a bright listing look. The cast is read from the brightest near-neutral surfaces (ceiling,
 * window light, white trim), which should be white: a beige room stays beige, a tungsten-yellow ceiling does not.
 * With too few such surfaces, a gentle grey-world estimate stands in.
 */
export async function measureLight(img: RawImage): Promise<LightFix> {
  const { data } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(256, 256, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const histogram = new Uint32Array(256)
  const n = data.length / 3
  for (let i = 0; i < data.length; i += 3) {
    histogram[(0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!) | 0]!++
  }
  const black = Math.min(40, percentile(histogram, n, 0.005))
  const white = Math.max(160, percentile(histogram, n, 0.997))
  const median = (percentile(histogram, n, 0.5) - black) / Math.max(1, white - black)
  const gamma = Math.max(
    0.55,
    Math.min(1.3, Math.log(TARGET_MID) / Math.log(Math.max(0.05, Math.min(0.95, median)))),
  )
  const bright = percentile(histogram, n, 0.9)
  const highlights = meanColour(data, (y, chroma) => y >= bright && y < 250 && chroma < 0.45)
  const greyWorld = meanColour(data, (y, chroma) => y > 30 && y < 235 && chroma < 0.55)
  let gains: [number, number, number] = [1, 1, 1]
  if (highlights.count > n * 0.02) gains = gainsFor(highlights.rgb, 0.85)
  else if (greyWorld.count > n * 0.05) gains = gainsFor(greyWorld.rgb, 0.4)
  return { black, white, gamma, gains }
}

function meanColour(data: Buffer, keep: (y: number, chroma: number) => boolean) {
  const rgb: [number, number, number] = [0, 0, 0]
  let count = 0
  for (let i = 0; i < data.length; i += 3) {
    const r = data[i]!
    const g = data[i + 1]!
    const b = data[i + 2]!
    const max = Math.max(r, g, b)
    if (!keep(0.2126 * r + 0.7152 * g + 0.0722 * b, max === 0 ? 0 : (max - Math.min(r, g, b)) / max)) continue
    rgb[0] += r
    rgb[1] += g
    rgb[2] += b
    count++
  }
  return { rgb, count }
}

/** Gains that make `rgb` neutral, applied at `strength` (0..1) and kept within a plausible cast. */
function gainsFor(rgb: [number, number, number], strength: number): [number, number, number] {
  const mean = (rgb[0] + rgb[1] + rgb[2]) / 3
  return rgb.map((c) => 1 + (Math.max(0.72, Math.min(1.4, mean / Math.max(1, c))) - 1) * strength) as [
    number,
    number,
    number,
  ]
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
