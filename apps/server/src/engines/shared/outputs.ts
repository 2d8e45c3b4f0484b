import sharp from 'sharp'
import type { EngineOutput, EngineTask, EngineTaskKind } from '../types.ts'
import { imageOutput, maskPixels, type PreparedImage, prepareImage } from './images.ts'
import { videoOutput } from './video.ts'

export interface OutputOptions {
  ffmpegPath: string
  tmpDir: string
  signal: AbortSignal
}

/**
 * A downloaded provider result as the product's output, as the provider made it. A masked edit is composited
 * back onto its source by the job runner, once for every engine
 * (docs/decisions/0060-compositing-once-in-the-runner.md).
 */
export async function toEngineOutput(
  task: EngineTask,
  data: Buffer,
  options: OutputOptions,
): Promise<EngineOutput> {
  if (task.kind === 'animate')
    return videoOutput(task.kind, data, { ...options, requestedSeconds: task.duration })
  return imageOutput(task.kind, data)
}

/** The steps that edit their input in place, with or without a lasso (docs/product.md#masked-edits). */
export const EDIT_STEPS: ReadonlySet<EngineTaskKind> = new Set(['inpaint', 'magic-edit', 'staging-clean'])

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
