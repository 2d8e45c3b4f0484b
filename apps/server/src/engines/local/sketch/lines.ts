import { invalidInput } from '../errors.ts'
import { decoded, openImage, resizeGrey } from '../image-io.ts'
import { matFromGrey, withCv } from '../opencv.ts'

export interface LineArt {
  width: number
  height: number
  /** soft line strength 0..255 at output size: anti-aliased, paper grain and specks removed */
  ink: Uint8Array
  /** binary 0/255 line mask at output size */
  mask: Uint8Array
  /** share of pixels that are line */
  coverage: number
}

/** Below this share of line pixels the page is blank: there is nothing to render. */
const MIN_COVERAGE = 0.0008
/** Above it the "sketch" is a dark photo or a filled page: no paper left to colour. */
const MAX_COVERAGE = 0.6

/**
 * Evens out the paper and extracts clean lines. The paper's light (scanner falloff, a phone's shadow) is
 * estimated with a max filter at a tiny size, where lines vanish, and divided out; what stays dark is ink.
 */
export async function extractLines(input: Buffer, width: number, height: number): Promise<LineArt> {
  const grey = await decoded('sketch', () =>
    openImage(input)
      .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
      .toColourspace('b-w')
      .raw()
      .toBuffer(),
  )
  if (grey.length !== width * height) throw invalidInput('sketch_unreadable')
  const paper = await paperLight(grey, width, height)
  const ink = new Uint8Array(width * height)
  const histogram = new Uint32Array(256)
  for (let i = 0; i < ink.length; i++) {
    const v = 255 - Math.min(255, (grey[i]! * 255) / Math.max(1, paper[i]!))
    const level = v < 0 ? 0 : v | 0
    ink[i] = level
    histogram[level]!++
  }
  const threshold = inkThreshold(histogram)
  const mask = await cleanMask(ink, width, height, threshold)
  let count = 0
  for (let i = 0; i < mask.length; i++) if (mask[i]) count++
  const coverage = count / mask.length
  if (coverage < MIN_COVERAGE) {
    throw invalidInput('sketch_blank')
  }
  if (coverage > MAX_COVERAGE) {
    throw invalidInput('sketch_too_dark')
  }
  // soft strength keeps the pencil's anti-aliasing; it is kept only next to real lines so grain stays out
  const soft = new Uint8Array(ink.length)
  const lo = threshold * 0.45
  const span = threshold * 1.4
  for (let i = 0; i < ink.length; i++) {
    if (!mask[i]) continue
    const t = (ink[i]! - lo) / span
    soft[i] = t >= 1 ? 255 : t <= 0 ? 0 : (t * (2 - t) * 255) | 0
  }
  return { width, height, ink: soft, mask, coverage }
}

/** The paper's brightness at every pixel: max filter at ~1/10 size (lines disappear), smoothed, scaled back. */
async function paperLight(grey: Buffer, width: number, height: number): Promise<Uint8Array> {
  const k = 96 / Math.max(width, height)
  const w = Math.max(8, Math.round(width * k))
  const h = Math.max(8, Math.round(height * k))
  const small = await resizeGrey(grey, width, height, w, h)
  const maxed = await withCv((cv, track) => {
    const src = track(matFromGrey(cv, small, w, h))
    const dst = track(new cv.Mat())
    const kernel = track(cv.Mat.ones(5, 5, cv.CV_8U))
    cv.dilate(src, dst, kernel, new cv.Point(-1, -1), 2)
    const blurred = track(new cv.Mat())
    cv.GaussianBlur(dst, blurred, new cv.Size(7, 7), 0)
    return Buffer.from(blurred.data)
  })
  return resizeGrey(maxed, w, h, width, height)
}

/** Otsu's split of the darker tail: adapts to faint pencil and to heavy ink alike, within sane bounds. */
function inkThreshold(histogram: Uint32Array): number {
  const start = 12
  let total = 0
  let sum = 0
  for (let v = start; v < 256; v++) {
    total += histogram[v]!
    sum += v * histogram[v]!
  }
  if (total === 0) return 60
  let best = 60
  let bestScore = -1
  let wB = 0
  let sumB = 0
  for (let v = start; v < 256; v++) {
    wB += histogram[v]!
    if (wB === 0) continue
    const wF = total - wB
    if (wF === 0) break
    sumB += v * histogram[v]!
    const mB = sumB / wB
    const mF = (sum - sumB) / wF
    const score = wB * wF * (mB - mF) * (mB - mF)
    if (score > bestScore) {
      bestScore = score
      best = v
    }
  }
  return Math.min(100, Math.max(30, best))
}

/**
 * Thresholds, then drops specks (dust, grain, JPEG noise) smaller than a short pencil dash. A small solid mark
 * close to a line is kept: it is the dot of an i, a full stop or a dimension tick, not dust on the paper.
 */
async function cleanMask(
  ink: Uint8Array,
  width: number,
  height: number,
  threshold: number,
): Promise<Uint8Array> {
  const binary = new Uint8Array(ink.length)
  for (let i = 0; i < ink.length; i++) binary[i] = ink[i]! > threshold ? 255 : 0
  const minArea = Math.max(6, Math.round((width * height) / 60_000))
  // an i's dot sits a stroke or a few above its stem: a reach of ~1.8 % of the long side
  const reach = Math.max(3, Math.round(Math.max(width, height) / 56))
  return withCv((cv, track) => {
    const src = track(matFromGrey(cv, binary, width, height))
    const labels = track(new cv.Mat())
    const stats = track(new cv.Mat())
    const centroids = track(new cv.Mat())
    const n = cv.connectedComponentsWithStats(src, labels, stats, centroids, 8, cv.CV_32S)
    const keep = new Uint8Array(n)
    const s = stats.data32S
    const small: number[] = []
    for (let label = 1; label < n; label++) {
      const area = s[label * 5 + 4]!
      const w = s[label * 5 + 2]!
      const h = s[label * 5 + 3]!
      if (area >= minArea && Math.max(w, h) >= 4) keep[label] = 1
      // a compact blob of a few pixels (a dot is as tall as it is wide and mostly filled)
      else if (area >= 3 && Math.max(w, h) <= 2 * Math.min(w, h) && area >= 0.5 * w * h) small.push(label)
    }
    const l = labels.data32S
    const out = new Uint8Array(binary.length)
    for (let i = 0; i < out.length; i++) out[i] = keep[l[i]!] ? 255 : 0
    if (small.length) {
      const near = track(matFromGrey(cv, out, width, height))
      const kernel = track(cv.Mat.ones(reach * 2 + 1, reach * 2 + 1, cv.CV_8U))
      cv.dilate(near, near, kernel)
      const c = centroids.data64F
      const reached = near.data
      for (const label of small) {
        const x = Math.round(c[label * 2]!)
        const y = Math.round(c[label * 2 + 1]!)
        if (reached[y * width + x]) keep[label] = 1
      }
      for (let i = 0; i < out.length; i++) if (keep[l[i]!]) out[i] = 255
    }
    return out
  })
}
