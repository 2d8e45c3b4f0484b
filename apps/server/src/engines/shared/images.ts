import { MAX_INPUT_PIXELS } from '@parti/contract'
import sharp, { type Metadata } from 'sharp'
import { EngineError, type EngineOutput, type EngineTaskKind } from '../types.ts'
import { providerFailed } from './errors.ts'

/** the upload check's cap (docs/product.md#validation-upload) */
const MAX_PIXELS = MAX_INPUT_PIXELS

export interface PreparedImage {
  data: Buffer
  mime: 'image/png' | 'image/jpeg'
  width: number
  height: number
}

/** An input as a provider should get it: upright, at most `maxSide` on its long side, PNG or JPEG. */
export async function prepareImage(
  input: Buffer,
  options: { maxSide: number; format?: 'png' | 'jpeg' },
): Promise<PreparedImage> {
  const format = options.format ?? 'jpeg'
  const pipeline = sharp(input, { limitInputPixels: MAX_PIXELS })
    .autoOrient()
    .resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true })
  const encoded =
    format === 'png'
      ? pipeline.png()
      : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 92, mozjpeg: true })
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
  return { data, mime: format === 'png' ? 'image/png' : 'image/jpeg', width: info.width, height: info.height }
}

export function dataUri(image: { data: Buffer; mime: string }): string {
  return `data:${image.mime};base64,${image.data.toString('base64')}`
}

/** Decoded size after EXIF orientation. */
export async function imageSize(input: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata()
  return {
    width: meta.autoOrient?.width ?? meta.width ?? 0,
    height: meta.autoOrient?.height ?? meta.height ?? 0,
  }
}

/**
 * A provider's image as an EngineOutput: checked by decoding it (a provider can return an error page with
 * status 200), kept as PNG, JPEG or WebP, anything else converted to PNG.
 */
export async function imageOutput(
  kind: EngineTaskKind,
  data: Buffer,
): Promise<Extract<EngineOutput, { kind: 'image' }>> {
  let meta: Metadata
  try {
    meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata()
  } catch (err) {
    throw providerFailed(kind, `the provider's output is not an image (${(err as Error).message})`)
  }
  const width = meta.width ?? 0
  const height = meta.height ?? 0
  if (!width || !height) throw providerFailed(kind, "the provider's output image is empty")
  if (meta.format === 'png') return { kind: 'image', data, contentType: 'image/png', width, height }
  if (meta.format === 'jpeg') return { kind: 'image', data, contentType: 'image/jpeg', width, height }
  if (meta.format === 'webp') return { kind: 'image', data, contentType: 'image/webp', width, height }
  const png = await sharp(data).png().toBuffer()
  return { kind: 'image', data: png, contentType: 'image/png', width, height }
}

/** A mask (white = change) as one 0/255 byte per pixel at the given size. */
export async function maskPixels(mask: Buffer, width: number, height: number): Promise<Buffer> {
  // libvips' threshold (grey ≥ 128 → 255, else 0) rather than a JS pass over every pixel
  return sharp(mask)
    .flatten({ background: '#000000' })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .toColourspace('b-w')
    .threshold(128)
    .raw()
    .toBuffer()
}

/** The mask's area in words, for models that take no mask ("the area in the upper left, about 12%"). */
export async function describeMaskedArea(mask: Buffer): Promise<string> {
  const w = 64
  const h = 64
  const m = await maskPixels(mask, w, h)
  let minX = w
  let minY = h
  let maxX = -1
  let maxY = -1
  let count = 0
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!m[y * w + x]) continue
      count++
      minX = Math.min(minX, x)
      maxX = Math.max(maxX, x)
      minY = Math.min(minY, y)
      maxY = Math.max(maxY, y)
    }
  if (!count) throw new EngineError('invalid_input', { id: 'selection_empty' })
  const cx = (minX + maxX + 1) / 2 / w
  const cy = (minY + maxY + 1) / 2 / h
  const vertical = cy < 0.34 ? 'upper' : cy > 0.66 ? 'lower' : 'middle'
  const horizontal = cx < 0.34 ? 'left' : cx > 0.66 ? 'right' : 'centre'
  const where = vertical === 'middle' && horizontal === 'centre' ? 'centre' : `${vertical} ${horizontal}`
  const share = Math.max(1, Math.round((count / (w * h)) * 100))
  return `the area in the ${where.replace('middle centre', 'centre')} of the image (about ${share}% of it)`
}

/** Where the picture sits on a padded canvas: the canvas's size and the picture's box on it, in pixels. */
export interface Placement {
  canvas: { width: number; height: number }
  left: number
  top: number
  width: number
  height: number
}

/** The canvas of the aspect ratio (`w:h`) the picture fits inside whole, at the picture's own scale. */
export function canvasFor(width: number, height: number, ratio: readonly [number, number]) {
  const r = ratio[0] / ratio[1]
  return width / height > r
    ? { width, height: Math.max(height, Math.round(width / r)) }
    : { width: Math.max(width, Math.round(height * r)), height }
}

/** The ratio among a provider's fixed ones closest to the picture's (compared on a log scale). */
export function nearestRatio<R extends readonly [number, number]>(
  width: number,
  height: number,
  ratios: readonly R[],
): R {
  const d = (r: R) => Math.abs(Math.log(width / height) - Math.log(r[0] / r[1]))
  return ratios.reduce((best, r) => (d(r) < d(best) ? r : best))
}

/**
 * A picture letterboxed onto a canvas (docs/decisions/0087-edits-letterboxed-never-stretched.md): scaled
 * whole, without changing its proportions, to fit inside the canvas, centred, the bands filled with its own
 * edges mirrored (context a model continues rather than a flat bar it may paint into). A provider that answers
 * only in fixed shapes then gets a picture of that shape, and `cropPlacement` takes the picture back out of
 * its answer, so nothing is stretched.
 */
export async function letterbox(
  image: PreparedImage,
  canvas: { width: number; height: number },
): Promise<{ image: PreparedImage; place: Placement }> {
  const k = Math.min(canvas.width / image.width, canvas.height / image.height)
  const width = Math.min(canvas.width, Math.max(1, Math.round(image.width * k)))
  const height = Math.min(canvas.height, Math.max(1, Math.round(image.height * k)))
  const left = Math.floor((canvas.width - width) / 2)
  const top = Math.floor((canvas.height - height) / 2)
  const place: Placement = { canvas, left, top, width, height }
  const scaled =
    width === image.width && height === image.height
      ? image.data
      : await sharp(image.data).resize(width, height, { fit: 'fill', kernel: 'lanczos3' }).toBuffer()
  const padded = sharp(scaled).extend({
    left,
    top,
    right: canvas.width - width - left,
    bottom: canvas.height - height - top,
    extendWith: 'mirror',
  })
  const data = await (image.mime === 'image/png' ? padded.png() : padded.jpeg({ quality: 92 })).toBuffer()
  return { image: { data, mime: image.mime, width: canvas.width, height: canvas.height }, place }
}

/** A mask (white = change) placed like its picture: 0/255 per pixel at the canvas's size, the bands kept (0). */
export async function letterboxMask(mask: Buffer, place: Placement): Promise<Buffer> {
  const inner = await maskPixels(mask, place.width, place.height)
  return sharp(inner, { raw: { width: place.width, height: place.height, channels: 1 } })
    .extend({
      left: place.left,
      top: place.top,
      right: place.canvas.width - place.width - place.left,
      bottom: place.canvas.height - place.height - place.top,
      background: '#000000',
    })
    .extractChannel(0)
    .raw()
    .toBuffer()
}

/**
 * The picture taken back out of a provider's answer to a letterboxed request: the same box, in proportion to
 * the answer's size (a provider may answer at another scale of the canvas's shape), as PNG. The answer's
 * proportions being the canvas's, the box has the picture's proportions, so it is never stretched.
 */
export async function cropPlacement(answer: Buffer, place: Placement): Promise<Buffer> {
  const size = await imageSize(answer)
  const kx = size.width / place.canvas.width
  const ky = size.height / place.canvas.height
  const left = Math.min(size.width - 1, Math.round(place.left * kx))
  const top = Math.min(size.height - 1, Math.round(place.top * ky))
  const width = Math.max(1, Math.min(size.width - left, Math.round(place.width * kx)))
  const height = Math.max(1, Math.min(size.height - top, Math.round(place.height * ky)))
  return sharp(answer, { limitInputPixels: MAX_PIXELS })
    .autoOrient()
    .extract({ left, top, width, height })
    .png()
    .toBuffer()
}

/** OpenAI's mask convention from 0/255 pixels (255 = change): transparent where the edit goes. */
export async function transparentWhere(pixels: Buffer, width: number, height: number): Promise<Buffer> {
  const rgba = Buffer.alloc(width * height * 4)
  for (let i = 0; i < pixels.length; i++) rgba[i * 4 + 3] = 255 - pixels[i]!
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer()
}
