import { DECODE_TIMEOUT_SECONDS, MAX_INPUT_PIXELS, MIN_INPUT_SIDE } from '@parti/contract'
import sharp from 'sharp'

export type ImageFormat = 'png' | 'jpeg' | 'webp'

/**
 * Judge a file by its bytes (docs/decisions/0024-uploads-judged-by-content.md): PNG, JPEG or WebP signatures;
 * the name and declared type prove nothing.
 */
export function sniffImage(data: Buffer): ImageFormat | null {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png'
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg'
  if (
    data.length >= 12 &&
    data.toString('ascii', 0, 4) === 'RIFF' &&
    data.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return 'webp'
  }
  return null
}

/**
 * Where the image in a file of this format ends: a PNG at its IEND chunk, a WebP at its RIFF size, a JPEG at the
 * EOI marker after its last scan. Whatever follows (an HTML page, a script: a polyglot; a phone's motion-photo
 * video) is not the image and is never stored (docs/decisions/0092-fuzz-and-access-matrix.md). The file's
 * length when its structure cannot be followed; the decoder judges the rest.
 */
export function imageEnd(data: Buffer, format: ImageFormat): number {
  try {
    if (format === 'png') return pngEnd(data)
    if (format === 'webp') return Math.min(data.length, data.readUInt32LE(4) + 8)
    return jpegEnd(data)
  } catch {
    return data.length
  }
}

function pngEnd(data: Buffer): number {
  let at = 8
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at)
    const type = data.toString('latin1', at + 4, at + 8)
    at += 12 + length
    if (type === 'IEND') return Math.min(at, data.length)
  }
  return data.length
}

function jpegEnd(data: Buffer): number {
  let at = 2
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return data.length
    const marker = data[at + 1]!
    if (marker === 0xff) {
      at++
      continue
    }
    if (marker === 0xd9) return at + 2
    // standalone markers have no length
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2
      continue
    }
    const length = data.readUInt16BE(at + 2)
    at += 2 + length
    if (marker !== 0xda) continue
    // entropy-coded data after a scan's header: up to the next marker that is not a stuffed 0xFF or a restart
    while (at + 1 < data.length) {
      if (data[at] === 0xff) {
        const next = data[at + 1]!
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break
      }
      at++
    }
  }
  return data.length
}

export type ImageCheck =
  | { ok: true; format: ImageFormat; width: number; height: number }
  | { ok: false; reason: 'not_an_image' | 'too_many_pixels' | 'corrupt' }

export type DecodedCheck =
  | ImageCheck
  | { ok: false; reason: 'too_small'; width: number; height: number }
  | { ok: false; reason: 'damaged' | 'too_slow' }

/**
 * Read the header only (no full decode) and refuse decompression bombs before any pixel work: a 10 MB PNG can
 * declare 50000×50000 pixels.
 */
export async function inspectImage(data: Buffer): Promise<ImageCheck> {
  const format = sniffImage(data)
  if (!format) return { ok: false, reason: 'not_an_image' }
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata()
    const width = meta.width ?? 0
    const height = meta.height ?? 0
    if (!width || !height) return { ok: false, reason: 'corrupt' }
    if (width * height > MAX_INPUT_PIXELS) return { ok: false, reason: 'too_many_pixels' }
    // orientation 5-8 swaps the sides once EXIF rotation is applied
    const swapped = (meta.orientation ?? 1) >= 5
    return { ok: true, format, width: swapped ? height : width, height: swapped ? width : height }
  } catch {
    return { ok: false, reason: 'corrupt' }
  }
}

/**
 * Decode every pixel, as an engine will, before anything is charged or stored (docs/product.md#validation-upload):
 * the header is checked first (signature, the pixel cap: a bomb is refused without decoding it), then the whole
 * image is decoded within DECODE_TIMEOUT_SECONDS, streamed through a tiny output so memory stays small. A
 * truncated or damaged file fails here instead of in the worker; a side under MIN_INPUT_SIDE is too small.
 */
export async function decodeImage(data: Buffer): Promise<DecodedCheck> {
  const header = await inspectImage(data)
  if (!header.ok) return header
  if (header.width < MIN_INPUT_SIDE || header.height < MIN_INPUT_SIDE) {
    return { ok: false, reason: 'too_small', width: header.width, height: header.height }
  }
  try {
    await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true })
      // every pixel is read: no shrink-on-load, which would skip most of a JPEG's or WebP's data
      .resize(8, 8, { fit: 'fill', fastShrinkOnLoad: false })
      .raw()
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .toBuffer()
  } catch (err) {
    return { ok: false, reason: /timeout/i.test(String(err)) ? 'too_slow' : 'damaged' }
  }
  return header
}

/**
 * A lasso mask as a PNG of the image's size, white where the image should change. Accepts any image format
 * and size from the client, normalises it, and reports whether anything is selected.
 */
export async function normaliseMask(
  data: Buffer,
  width: number,
  height: number,
): Promise<{ png: Buffer; selectedFraction: number } | null> {
  const check = await inspectImage(data)
  if (!check.ok) return null
  // a damaged mask is no selection, not a server error
  const decoded = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(8, 8, { fit: 'fill', fastShrinkOnLoad: false })
    .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
    .toBuffer()
    .then(
      () => true,
      () => false,
    )
  if (!decoded) return null
  const { data: raw, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .flatten({ background: '#000000' })
    .greyscale()
    .resize(width, height, { fit: 'fill' })
    .threshold(128)
    .raw()
    .toBuffer({ resolveWithObject: true })
  let on = 0
  for (let i = 0; i < raw.length; i += info.channels) if (raw[i]! > 0) on++
  const png = await sharp(raw, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png({ compressionLevel: 6 })
    .toBuffer()
  return { png, selectedFraction: on / (info.width * info.height) }
}

/** `data:image/png;base64,…` → bytes; null when it is not a base64 data URL. */
export function decodeDataUrl(value: string): Buffer | null {
  const m = /^data:[\w/+.-]+;base64,([A-Za-z0-9+/=\s]+)$/.exec(value.trim())
  return m ? Buffer.from(m[1]!, 'base64') : null
}

/**
 * A line drawing is mostly light paper with little colour; a photo or a rendering is not. The server asks
 * before charging (a photo cannot be turned to another viewpoint by the built-in engine) and the engine asks
 * again to choose its path, with the same answer (docs/decisions/0063-local-multi-angle-honesty.md).
 */
export async function isLineDrawing(data: Buffer): Promise<boolean> {
  const small = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(96, 96, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer()
  let light = 0
  let chroma = 0
  const n = small.length / 3
  for (let i = 0; i < small.length; i += 3) {
    const r = small[i]!
    const g = small[i + 1]!
    const b = small[i + 2]!
    chroma += Math.max(r, g, b) - Math.min(r, g, b)
    if (0.2126 * r + 0.7152 * g + 0.0722 * b > 150) light++
  }
  return chroma / n < 22 && light / n > 0.6
}
