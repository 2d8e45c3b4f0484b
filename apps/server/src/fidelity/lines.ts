import sharp from 'sharp'
import { matFromGrey, withCv } from '../engines/local/opencv.ts'

/** Both pictures are compared at this long side: fast, and a hosted engine's small shifts of a pixel vanish. */
const WORK_SIDE = 512
/** A line within this many working pixels of one in the other picture counts as kept (docs/decisions/0061-fidelity-measures.md). */
export const LINE_TOLERANCE_PX = 3

export interface LineMap {
  width: number
  height: number
  /** 0/255 per pixel: a line passes here */
  lines: Uint8Array
}

export interface LineOverlap {
  /** share of the output's lines near a line of the input (nothing invented) */
  precision: number
  /** share of the input's lines near a line of the output (nothing lost) */
  recall: number
  /** harmonic mean of the two */
  score: number
  /** per pixel: 1 input line kept, 2 input line lost, 3 output line added, 0 nothing */
  verdict: Uint8Array
}

/** The working size for a picture of this size: long side WORK_SIDE, aspect kept. */
export function workSize(width: number, height: number): { width: number; height: number } {
  const k = WORK_SIDE / Math.max(width, height)
  return { width: Math.max(8, Math.round(width * k)), height: Math.max(8, Math.round(height * k)) }
}

/**
 * The lines of a picture (a drawing, a render, a photo): Canny edges of its lightly smoothed grey image. A
 * drawing's strokes give an edge on either side, as a render's do
 * (docs/decisions/0067-fidelity-drawings-read-by-their-edges.md).
 */
export async function pictureLines(image: Buffer, width: number, height: number): Promise<LineMap> {
  const rgb = await sharp(image)
    .rotate()
    .resize(width, height, { fit: 'fill' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer()
  return greyLines(lumaOf(rgb, width * height), width, height)
}

/**
 * The grey of RGB pixels, by the integer luma both pictures are read with: libvips' own grey conversion (through
 * linear light) costs more than the rest of the decode at working size.
 */
export function lumaOf(rgb: Uint8Array, pixels: number): Uint8Array {
  const grey = new Uint8Array(pixels)
  for (let i = 0, j = 0; i < pixels; i++, j += 3)
    grey[i] = (rgb[j]! * 77 + rgb[j + 1]! * 150 + rgb[j + 2]! * 29) >> 8
  return grey
}

/** Canny edges of a grey image already at working size. */
export async function greyLines(grey: Uint8Array, width: number, height: number): Promise<LineMap> {
  const lines = await withCv((cv, track) => {
    const src = track(matFromGrey(cv, grey, width, height))
    const blurred = track(new cv.Mat())
    cv.GaussianBlur(src, blurred, new cv.Size(3, 3), 0.8)
    const edges = track(new cv.Mat())
    cv.Canny(blurred, edges, 40, 110, 3, true)
    return new Uint8Array(edges.data)
  })
  return { width, height, lines }
}

/**
 * The offsets within `tolerance` of a pixel by OpenCV's 3×3 L2 distance transform (a chamfer metric), read once
 * from the transform of a single point: "within tolerance of a line" is then the union of these offsets around
 * the line's pixels, the same set the transform gives, without transforming every pixel of both maps.
 */
const reach = new Map<number, Promise<Int32Array>>()
function offsetsWithin(tolerance: number): Promise<Int32Array> {
  let found = reach.get(tolerance)
  if (!found) {
    const r = Math.ceil(tolerance) + 1
    const side = 2 * r + 1
    found = withCv((cv, track) => {
      const point = new Uint8Array(side * side).fill(255)
      point[r * side + r] = 0
      const dist = track(new cv.Mat())
      cv.distanceTransform(track(matFromGrey(cv, point, side, side)), dist, cv.DIST_L2, 3)
      const d = dist.data32F
      const offsets: number[] = []
      for (let y = 0; y < side; y++)
        for (let x = 0; x < side; x++) if (d[y * side + x]! <= tolerance) offsets.push(x - r, y - r)
      return Int32Array.from(offsets)
    })
    reach.set(tolerance, found)
  }
  return found
}

/** 1 for every pixel within `tolerance` of a line of the map. */
async function nearLines(map: LineMap, tolerance: number): Promise<Uint8Array> {
  const offsets = await offsetsWithin(tolerance)
  const { width, height, lines } = map
  const near = new Uint8Array(lines.length)
  for (let y = 0, i = 0; y < height; y++)
    for (let x = 0; x < width; x++, i++) {
      if (!lines[i]) continue
      for (let k = 0; k < offsets.length; k += 2) {
        const nx = x + offsets[k]!
        const ny = y + offsets[k + 1]!
        if (nx >= 0 && ny >= 0 && nx < width && ny < height) near[ny * width + nx] = 1
      }
    }
  return near
}

/**
 * Line-overlap F-score of two maps of one size (docs/product.md#fidelity): precision is the share of output
 * line pixels within `tolerance` of an input line, recall the share of input line pixels within `tolerance`
 * of an output line. An input with no lines has nothing to keep: the score is 1 when the output has none
 * either, else its precision (0).
 */
export async function lineOverlap(input: LineMap, output: LineMap, tolerance: number): Promise<LineOverlap> {
  if (input.width !== output.width || input.height !== output.height)
    throw new Error('line maps of different sizes')
  const [nearInput, nearOutput] = await Promise.all([
    nearLines(input, tolerance),
    nearLines(output, tolerance),
  ])
  const verdict = new Uint8Array(input.lines.length)
  let inCount = 0
  let kept = 0
  let outCount = 0
  let near = 0
  for (let i = 0; i < verdict.length; i++) {
    if (input.lines[i]) {
      inCount++
      if (nearOutput[i]) {
        kept++
        verdict[i] = 1
      } else verdict[i] = 2
    }
    if (output.lines[i]) {
      outCount++
      if (nearInput[i]) near++
      else if (!verdict[i]) verdict[i] = 3
    }
  }
  const precision = outCount ? near / outCount : inCount ? 0 : 1
  const recall = inCount ? kept / inCount : 1
  const score = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0
  return { precision, recall, score, verdict }
}
