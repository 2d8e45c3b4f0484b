import type { Note } from '@parti/contract'
import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { parseHex, type Rgb } from '../color.ts'
import { throwIfAborted } from '../errors.ts'
import {
  decodeMask,
  decodeRgb,
  encodeJpeg,
  fitLongSide,
  imageOutput,
  inspectInput,
  type RawImage,
} from '../image-io.ts'
import { inpaintMasked } from '../inpaint.ts'
import { applyLight, denoise, measureLight } from '../staging/clean.ts'
import { GRADES } from '../staging/grades.ts'
import { applyGrade, paintWalls, wallColour, warmLight } from '../staging/stage.ts'
import { measureVerticals, straighten } from '../staging/straighten.ts'
import { findWalls } from '../staging/walls.ts'
import type { LocalStep } from '../step.ts'
import { splitTone } from '../tone.ts'
import { gradeVariation, variationOf } from '../variation.ts'

type CleanTask = Extract<EngineTask, { kind: 'staging-clean' }>
type StageTask = Extract<EngineTask, { kind: 'staging-stage' }>

/** Listing photos are shown at most this large; bigger ones are scaled down, which also keeps staging quick. */
const MAX_LONG = 2048

async function decodePhoto(input: Buffer): Promise<RawImage> {
  const info = await inspectInput(input, 'room photo')
  const size =
    Math.max(info.width, info.height) > MAX_LONG ? fitLongSide(info.width, info.height, MAX_LONG) : info
  return decodeRgb(input, size.width, size.height, 'room photo')
}

async function photoResult(img: RawImage, operations: string[], notes: Note[]): Promise<EngineResult> {
  return {
    outputs: [imageOutput(await encodeJpeg(img, 90), 'image/jpeg', img.width, img.height)],
    facts: { engine: 'local', model: STAGING_MODEL, operations, ...(notes.length ? { notes } : {}) },
  }
}

/** Cleaning phase: selected clutter out first (while the lasso still fits), then exposure, colour, noise, verticals. */
async function runStagingClean(task: CleanTask, ctx: EngineContext): Promise<EngineResult> {
  let img = await decodePhoto(task.input)
  const operations: string[] = []
  const notes: Note[] = []
  const removal = task.options.filter((o) => o === 'removeClutter' || o === 'removeFurniture')
  if (removal.length > 0) {
    if (task.mask) {
      const { mask } = await decodeMask(task.mask, img.width, img.height)
      await inpaintMasked(img, mask)
      operations.push(...removal.map((o) => (o === 'removeClutter' ? 'remove-clutter' : 'remove-furniture')))
    } else {
      notes.push({ id: 'nothing_removed_needs_lasso' })
    }
  }
  throwIfAborted(ctx.signal)
  applyLight(img, await measureLight(img))
  operations.push('exposure', 'white-balance')
  await denoise(img)
  operations.push('denoise')
  ctx.reportProgress(0.6)
  const verticals = await measureVerticals(img)
  const straight = verticals ? await straighten(img, verticals) : null
  if (straight) {
    img = straight.image
    operations.push(straight.keystone ? 'straighten:verticals' : 'straighten')
  }
  ctx.reportProgress(0.9)
  return photoResult(img, operations, notes)
}

/**
 * Staging phase: the style's grade, the palette on the walls (or as a grade when no wall can be found), repaint
 * as a full wall colour change, a warm light pass. Objects cannot be added locally, and the facts say so.
 */
async function runStagingStage(task: StageTask, ctx: EngineContext): Promise<EngineResult> {
  const img = await decodePhoto(task.input)
  const operations: string[] = [`grade:${task.stagingStyle}`]
  const notes: Note[] = []
  applyGrade(img, task.stagingStyle)
  throwIfAborted(ctx.signal)
  const palette = (task.palette?.colors ?? []).map(parseHex).filter((c): c is Rgb => c !== null)
  const repaint = task.options.includes('repaint')
  if (palette.length > 0 || repaint) {
    const walls = await findWalls(img)
    const colour = palette.length > 0 ? wallColour(palette) : GRADES[task.stagingStyle].wall
    if (walls) {
      paintWalls(img, walls, colour, repaint ? 0.85 : 0.45)
      operations.push(repaint ? 'repaint' : 'palette:walls')
    } else {
      if (palette.length > 0) {
        const sorted = [...palette].sort((a, b) => a[0] + a[1] + a[2] - (b[0] + b[1] + b[2]))
        splitTone(img, sorted[0]!, sorted[sorted.length - 1]!, 0.3)
        operations.push('palette:grade')
      }
      if (repaint) notes.push({ id: 'no_wall_found' })
    }
  }
  ctx.reportProgress(0.6)
  if (task.options.includes('addLighting')) {
    await warmLight(img)
    operations.push('warm-light')
  }
  for (const option of ['addFurniture', 'addDecor'] as const) {
    if (!task.options.includes(option)) continue
    operations.push(`skipped:${option === 'addFurniture' ? 'add-furniture' : 'add-decor'}`)
    notes.push({ id: option === 'addFurniture' ? 'cannot_add_furniture' : 'cannot_add_decor' })
  }
  // a variation's own light and grade (docs/product.md#variations); nothing for the default seed
  const variation = variationOf(task.seed)
  gradeVariation(img, variation)
  if (variation.falloff > 0) operations.push('variation-grade')
  ctx.reportProgress(0.9)
  return photoResult(img, operations, notes)
}

const STAGING_MODEL = 'local-staging-v1'
export const stagingCleanStep: LocalStep<'staging-clean'> = {
  model: STAGING_MODEL,
  run: (t, ctx) => runStagingClean(t, ctx),
}
export const stagingStageStep: LocalStep<'staging-stage'> = {
  model: STAGING_MODEL,
  run: (t, ctx) => runStagingStage(t, ctx),
}
