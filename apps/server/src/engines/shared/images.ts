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

/** OpenAI's mask convention: a PNG of the image's size whose transparent pixels are the area to edit. */
export async function transparentWhereMasked(mask: Buffer, width: number, height: number): Promise<Buffer> {
  const m = await maskPixels(mask, width, height)
  const rgba = Buffer.alloc(width * height * 4)
  for (let i = 0; i < m.length; i++) rgba[i * 4 + 3] = 255 - m[i]!
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
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
