import { type FailureSubject, MAX_INPUT_PIXELS, MIN_INPUT_SIDE } from '@parti/contract'
import sharp, { type Metadata, type Sharp } from 'sharp'
import type { EngineOutput } from '../types.ts'
import { invalidInput } from './errors.ts'

/** Raw interleaved 8-bit pixels, the currency between sharp, OpenCV and the typed-array passes. */
export interface RawImage {
  data: Buffer
  width: number
  height: number
  channels: 1 | 3 | 4
}

export interface InputInfo {
  /** after EXIF orientation */
  width: number
  height: number
  format: string
}

/**
 * Smaller than this there is nothing to render; the upload layer recommends 1024 px
 * (docs/product.md#input-size).
 */
const MIN_SIDE = MIN_INPUT_SIDE
/** Decoding cap: a 40-megapixel photo is the largest a phone makes; larger is a decompression bomb risk. */
const MAX_PIXELS = MAX_INPUT_PIXELS

/** Validates an encoded input by its bytes and decoded size; every failure is a clear invalid_input. */
export async function inspectInput(buf: Buffer, what: FailureSubject = 'image'): Promise<InputInfo> {
  if (!buf || buf.length === 0) throw invalidInput('file_empty', { what })
  let meta: Metadata
  try {
    meta = await sharp(buf, { limitInputPixels: MAX_PIXELS }).metadata()
  } catch (error) {
    throw invalidInput('file_unreadable', { what }, error instanceof Error ? error.message : String(error))
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0
  const height = meta.autoOrient?.height ?? meta.height ?? 0
  if (width * height > MAX_PIXELS) {
    throw invalidInput('file_too_large', { what, width, height })
  }
  if (width < MIN_SIDE || height < MIN_SIDE) {
    throw invalidInput('file_too_small', { what, width, height, min: MIN_SIDE })
  }
  return { width, height, format: meta.format ?? 'unknown' }
}

/**
 * Refuses a picture with nothing in it: one flat colour (an empty canvas, a blank page, a black frame, a fully
 * transparent file) once JPEG noise is allowed for. Every edit of it would come back the same, so it is an
 * invalid_input that says what is wrong instead of a failure to retry.
 */
export function refuseBlank(img: RawImage, what: FailureSubject = 'image'): void {
  const n = img.width * img.height
  const histograms = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)]
  const c = img.channels >= 3 ? 3 : 1
  for (let p = 0, i = 0; p < n; p++, i += img.channels) {
    for (let k = 0; k < c; k++) histograms[k]![img.data[i + k]!]!++
  }
  // the spread of each channel, ignoring the odd stray pixel (a thin line drawing still counts as content)
  const spread = (h: Uint32Array) => {
    const cut = n * 0.0002
    let lo = 0
    let below = h[0]!
    while (lo < 255 && below <= cut) below += h[++lo]!
    let hi = 255
    let above = h[255]!
    while (hi > 0 && above <= cut) above += h[--hi]!
    return hi - lo
  }
  if (histograms.slice(0, c).every((h) => spread(h) <= 6)) {
    throw invalidInput('file_blank', { what })
  }
}

/** A sharp pipeline over a checked input: upright, transparent areas on white (digital sketches often have none). */
export function openImage(buf: Buffer): Sharp {
  return sharp(buf, { limitInputPixels: MAX_PIXELS }).autoOrient().flatten({ background: '#ffffff' })
}

/** Runs a decode, turning libvips failures on damaged files (truncated, corrupt) into invalid_input. */
export async function decoded<T>(what: FailureSubject, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Error && error.name === 'EngineError') throw error
    throw invalidInput('file_damaged', { what }, error instanceof Error ? error.message : String(error))
  }
}

/** Decodes to 3-channel RGB at an exact size (cover-cropped when the aspect differs). */
export async function decodeRgb(
  buf: Buffer,
  width: number,
  height: number,
  what: FailureSubject = 'image',
): Promise<RawImage> {
  return decoded(what, async () => {
    const { data, info } = await openImage(buf)
      .resize(width, height, { fit: 'cover', kernel: 'lanczos3' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height, channels: 3 }
  })
}

/** Scales a size so its long side is `long`, keeping the aspect ratio. */
export function fitLongSide(width: number, height: number, long: number): { width: number; height: number } {
  const k = long / Math.max(width, height)
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) }
}

/**
 * Decodes a lasso mask (white = change) to a binary 0/255 map of the given size.
 * Masks arrive as PNGs of the image's size; any size is scaled to fit rather than refused.
 */
export async function decodeMask(
  buf: Buffer,
  width: number,
  height: number,
): Promise<{ mask: Buffer; area: number }> {
  if (!buf || buf.length === 0) throw invalidInput('mask_empty')
  const grey = await decoded('selection mask', async () => {
    const { data, info } = await sharp(buf, { limitInputPixels: MAX_PIXELS })
      .ensureAlpha()
      .resize(width, height, { fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const out = Buffer.allocUnsafe(width * height)
    let transparent = false
    for (let i = 3; i < data.length; i += 4) {
      if (data[i]! < 128) {
        transparent = true
        break
      }
    }
    // a mask drawn on a transparent layer marks the selection by alpha (any colour); an opaque one by brightness
    for (let p = 0, i = 0; p < out.length; p++, i += info.channels) {
      out[p] = transparent
        ? data[i + 3]!
        : (0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!) | 0
    }
    return out
  })
  let area = 0
  for (let i = 0; i < grey.length; i++) {
    const on = grey[i]! >= 128
    grey[i] = on ? 255 : 0
    if (on) area++
  }
  if (area === 0) {
    throw invalidInput('selection_empty_change')
  }
  return { mask: grey, area }
}

export async function encodeJpeg(img: RawImage, quality = 90, crispColour = false): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } })
    .jpeg({ quality, chromaSubsampling: crispColour ? '4:4:4' : '4:2:0' })
    .toBuffer()
}

async function encodePng(img: RawImage): Promise<Buffer> {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer()
}

/**
 * Photos keep their kind: a PNG stays lossless (an edit leaves the rest of the picture bit-exact), anything else
 * becomes a high-quality JPEG, a fraction of a PNG's size.
 */
export async function encodeLike(img: RawImage, inputFormat: string): Promise<EngineOutput> {
  const png = inputFormat === 'png'
  const data = png ? await encodePng(img) : await encodeJpeg(img, 92)
  return imageOutput(data, png ? 'image/png' : 'image/jpeg', img.width, img.height)
}

export function imageOutput(
  data: Buffer,
  contentType: 'image/png' | 'image/jpeg' | 'image/webp',
  width: number,
  height: number,
): EngineOutput {
  return { kind: 'image', data, contentType, width, height }
}

/** Resizes a single-channel map (sharp turns one channel into sRGB unless told the output is b-w). */
export async function resizeGrey(
  data: Uint8Array,
  width: number,
  height: number,
  toWidth: number,
  toHeight: number,
  kernel: 'nearest' | 'linear' | 'cubic' | 'lanczos3' = 'linear',
): Promise<Buffer> {
  return sharp(data, { raw: { width, height, channels: 1 } })
    .resize(toWidth, toHeight, { fit: 'fill', kernel })
    .toColourspace('b-w')
    .raw()
    .toBuffer()
}
