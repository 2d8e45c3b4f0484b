import sharp from 'sharp'
import { extractLines } from '../local/sketch/lines.ts'
import { EngineError } from '../types.ts'
import { imageSize } from './images.ts'

export interface ControlImage {
  data: Buffer
  mime: 'image/png'
  width: number
  height: number
}

/** The size a ControlNet model renders at: about a megapixel, sides on multiples of 16, the sketch's shape. */
export function renderSize(
  width: number,
  height: number,
  longSide = 1024,
): { width: number; height: number } {
  const k = longSide / Math.max(width, height)
  const snap = (v: number) => Math.max(256, Math.round((v * k) / 16) * 16)
  return { width: snap(width), height: snap(height) }
}

/**
 * The sketch as a ControlNet condition: clean lines found by the local engine's line extraction (paper evened
 * out, grain and specks removed), drawn black on white (`ink`, for models that run their own edge detector)
 * or white on black (`edges`, the canny hint ComfyUI's ControlNet nodes take). A blank page fails here, as
 * invalid input, before any money is spent at a provider.
 */
export async function sketchControlImage(
  sketch: Buffer,
  polarity: 'ink' | 'edges',
  longSide = 1024,
): Promise<ControlImage> {
  const source = await imageSize(sketch)
  const { width, height } = renderSize(source.width, source.height, longSide)
  let lines: Buffer
  try {
    const art = await extractLines(sketch, width, height)
    lines = Buffer.from(art.mask)
  } catch (err) {
    if (err instanceof EngineError) throw err
    lines = await thresholdLines(sketch, width, height)
  }
  const pixels = polarity === 'edges' ? lines : Buffer.from(lines.map((v) => 255 - v))
  const data = await sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer()
  return { data, mime: 'image/png', width, height }
}

/** A plain fallback when line extraction is unavailable: normalised greyscale, dark pixels are lines. */
async function thresholdLines(sketch: Buffer, width: number, height: number): Promise<Buffer> {
  const grey = await sharp(sketch)
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .resize(width, height, { fit: 'fill' })
    .toColourspace('b-w')
    .normalise()
    .raw()
    .toBuffer()
  return Buffer.from(grey.map((v) => (v < 128 ? 255 : 0)))
}
