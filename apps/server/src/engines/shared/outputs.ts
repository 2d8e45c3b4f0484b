import sharp from 'sharp'
import type { EngineOutput, EngineTask } from '../types.ts'
import { compositeMasked, imageOutput, maskPixels, type PreparedImage, prepareImage } from './images.ts'
import { videoOutput } from './video.ts'

export interface OutputOptions {
  ffmpegPath: string
  tmpDir: string
  signal: AbortSignal
}

/**
 * A downloaded provider result as the product's output. Where the user drew a mask, only the masked area may
 * change: the edit is composited back into the original so everything else stays pixel-exact.
 */
export async function toEngineOutput(
  task: EngineTask,
  data: Buffer,
  options: OutputOptions,
): Promise<EngineOutput> {
  if (task.kind === 'animate')
    return videoOutput(task.kind, data, { ...options, requestedSeconds: task.duration })
  const checked = await imageOutput(task.kind, data)
  const mask = maskOf(task)
  if (mask) return compositeMasked(task.input, checked.data, mask)
  return checked
}

export function maskOf(task: EngineTask): Buffer | null {
  if (task.kind === 'inpaint') return task.mask
  if (task.kind === 'magic-edit' || task.kind === 'staging-clean') return task.mask
  return null
}

/** The inputs most providers take: the image as JPEG (or PNG) at most 2048 px, and the mask at the same size. */
export async function providerImages(
  task: EngineTask,
  format: 'png' | 'jpeg' = 'jpeg',
): Promise<{ image: PreparedImage; mask: PreparedImage | null }> {
  const image = await prepareImage(task.input, { maxSide: 2048, format })
  const mask = maskOf(task)
  return { image, mask: mask ? await maskPng(mask, image.width, image.height) : null }
}

/** A mask as a black and white PNG (white = change) of the given size. */
export async function maskPng(mask: Buffer, width: number, height: number): Promise<PreparedImage> {
  const pixels = await maskPixels(mask, width, height)
  const data = await sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer()
  return { data, mime: 'image/png', width, height }
}
