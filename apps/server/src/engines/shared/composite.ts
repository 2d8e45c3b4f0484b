import { MAX_INPUT_PIXELS } from '@parti/contract'
import sharp from 'sharp'
import type { EngineOutput, EngineResult, EngineTask } from '../types.ts'
import { type Box, bandFor, blendBox, blendOntoSource, changedShare, type Pixels } from './blend.ts'
import { maskPixels } from './images.ts'
import { EDIT_STEPS, maskOf } from './outputs.ts'

/** the upload check's cap (docs/product.md#validation-upload) */
const MAX_PIXELS = MAX_INPUT_PIXELS

type ImageOutput = Extract<EngineOutput, { kind: 'image' }>

/** What the runner keeps of a step once its image is on the source. */
export interface Placed {
  result: EngineResult
  /** the share of the picture that changed (0–1), for steps that edit their input; null otherwise */
  changedArea: number | null
}

/**
 * Upright RGB pixels (RGBA when `alpha`), at a given size when asked (the provider's size may not be the
 * source's), and only the box `within` of that when asked (libvips then scales only that part).
 */
async function decode(
  image: Buffer,
  options: { size?: { width: number; height: number }; alpha?: boolean; within?: Box } = {},
) {
  let pipeline = sharp(image, { limitInputPixels: MAX_PIXELS }).autoOrient()
  if (options.size)
    pipeline = pipeline.resize(options.size.width, options.size.height, { fit: 'fill', kernel: 'lanczos3' })
  const r = options.within
  if (r) pipeline = pipeline.extract({ left: r.x0, top: r.y0, width: r.x1 - r.x0, height: r.y1 - r.y0 })
  pipeline = pipeline.toColourspace('srgb')
  pipeline = options.alpha ? pipeline.ensureAlpha() : pipeline.removeAlpha()
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true })
  const channels: 3 | 4 = options.alpha ? 4 : 3
  return { data, width: info.width, height: info.height, channels } satisfies Pixels
}

/**
 * The lasso as 0/255 per pixel at the source's size. A stored mask is already an opaque grey PNG of the image's
 * size (storage/uploads.ts), read here in one pass; anything else takes the general path.
 */
async function lassoPixels(mask: Buffer, width: number, height: number): Promise<Buffer> {
  const meta = await sharp(mask, { limitInputPixels: MAX_PIXELS }).metadata()
  if (meta.width !== width || meta.height !== height || meta.hasAlpha) return maskPixels(mask, width, height)
  // libvips' threshold (≥ 128 → 255, else 0) on its threads rather than a JS pass over every pixel
  return sharp(mask, { limitInputPixels: MAX_PIXELS })
    .extractChannel(0)
    .threshold(128, { grayscale: false })
    .raw()
    .toBuffer()
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
  const meta = await sharp(source, { limitInputPixels: MAX_PIXELS }).metadata()
  const width = meta.autoOrient?.width ?? meta.width ?? 0
  const height = meta.autoOrient?.height ?? meta.height ?? 0
  // the source's alpha is kept as it is; a picture without one is worked on, and stored, as RGB
  const alpha = meta.hasAlpha ?? false
  const band = bandFor(width, height)
  const lasso = await lassoPixels(mask, width, height)
  // the edit is read only where the blend reads it: the lasso's box, grown by two bands
  const box = blendBox(lasso, width, height, band)
  const [src, edit] = await Promise.all([
    decode(source, { alpha }),
    box ? decode(edited, { size: { width, height }, alpha, within: box }) : null,
  ])
  const { image, changedArea } = edit
    ? blendOntoSource(src, edit, lasso, band, box)
    : { image: src, changedArea: 0 }
  const encoder = sharp(image.data, { raw: { width, height, channels: image.channels } })
  // the fastest deflate, no per-row filter search: a 1024² photo is ~1.7 MB instead of ~1.3 MB at level 2, and
  // its encoding takes a third less CPU, the largest single step left of compositing (bench/README.md)
  const data = await encoder.png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer()
  return { output: { kind: 'image', data, contentType: 'image/png', width, height }, changedArea }
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
 * blurred background) says so with `facts.wholePicture`, and its image is kept as made. `measure: false` skips
 * measuring an unmasked step whose figure nobody keeps (a step before the last).
 */
export async function placeOnSource(
  task: EngineTask,
  result: EngineResult,
  options: { measure: boolean } = { measure: true },
): Promise<Placed> {
  const first = result.outputs[0]
  if (!EDIT_STEPS.has(task.kind) || first?.kind !== 'image') return { result, changedArea: null }
  const mask = maskOf(task)
  if (!mask || result.facts.wholePicture)
    return {
      result,
      changedArea: options.measure ? await changedAreaBetween(task.input, first.data) : null,
    }
  const { output, changedArea } = await compositeOntoSource(task.input, first.data, mask)
  return { result: { ...result, outputs: [output, ...result.outputs.slice(1)] }, changedArea }
}
