import sharp from 'sharp'
import type { EngineOutput, EngineResult, EngineTask } from '../types.ts'
import { bandFor, blendOntoSource, changedShare, type Pixels } from './blend.ts'
import { maskPixels } from './images.ts'
import { EDIT_STEPS, maskOf } from './outputs.ts'

const MAX_PIXELS = 40_000_000

type ImageOutput = Extract<EngineOutput, { kind: 'image' }>

/** What the runner keeps of a step once its image is on the source. */
export interface Placed {
  result: EngineResult
  /** the share of the picture that changed (0–1), for steps that edit their input; null otherwise */
  changedArea: number | null
}

/** Upright RGBA pixels, at a given size when asked (the provider's size may not be the source's). */
async function decode(image: Buffer, size?: { width: number; height: number }) {
  let pipeline = sharp(image, { limitInputPixels: MAX_PIXELS }).autoOrient()
  if (size) pipeline = pipeline.resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
  const { data, info } = await pipeline
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: 4 } satisfies Pixels
}

async function hasAlpha(image: Buffer): Promise<boolean> {
  return (await sharp(image, { limitInputPixels: MAX_PIXELS }).metadata()).hasAlpha ?? false
}

/**
 * An engine's edit composited back onto its source (docs/product.md#masked-edits): resized to the source's
 * size, colour-matched to it around the lasso, blended across the dilation band, and the source's decoded
 * pixels exactly everywhere else. PNG, so nothing is re-compressed; the alpha is the source's.
 */
export async function compositeOntoSource(
  source: Buffer,
  edited: Buffer,
  mask: Buffer,
): Promise<{ output: ImageOutput; changedArea: number }> {
  const src = await decode(source)
  const { width, height } = src
  const [edit, lasso, alpha] = await Promise.all([
    decode(edited, { width, height }),
    maskPixels(mask, width, height),
    hasAlpha(source),
  ])
  const out = blendOntoSource(src, edit, lasso, bandFor(width, height))
  let encoder = sharp(out.data, { raw: { width, height, channels: 4 } })
  if (!alpha) encoder = encoder.removeAlpha()
  const data = await encoder.png({ compressionLevel: 4, adaptiveFiltering: false }).toBuffer()
  return {
    output: { kind: 'image', data, contentType: 'image/png', width, height },
    changedArea: changedShare(src, out),
  }
}

/** The share of the picture that differs between a source and a result of the same size; null otherwise. */
async function changedAreaBetween(source: Buffer, result: Buffer): Promise<number | null> {
  const src = await decode(source)
  const meta = await sharp(result, { limitInputPixels: MAX_PIXELS }).metadata()
  const w = meta.autoOrient?.width ?? meta.width
  const h = meta.autoOrient?.height ?? meta.height
  if (w !== src.width || h !== src.height) return null
  return changedShare(src, await decode(result))
}

/**
 * One path for every engine (docs/decisions/0060-compositing-once-in-the-runner.md): a step with a lasso has its
 * image composited back onto the step's input; a step that edits its input without one (Ask Parti on the whole
 * picture) is measured as it is. An engine that meant the whole picture despite the lasso (a crop, a turn, a
 * blurred background) says so with `facts.wholePicture`, and its image is kept as made.
 */
export async function placeOnSource(task: EngineTask, result: EngineResult): Promise<Placed> {
  const first = result.outputs[0]
  if (!EDIT_STEPS.has(task.kind) || first?.kind !== 'image') return { result, changedArea: null }
  const mask = maskOf(task)
  if (!mask || result.facts.wholePicture)
    return { result, changedArea: await changedAreaBetween(task.input, first.data) }
  const { output, changedArea } = await compositeOntoSource(task.input, first.data, mask)
  return { result: { ...result, outputs: [output, ...result.outputs.slice(1)] }, changedArea }
}
