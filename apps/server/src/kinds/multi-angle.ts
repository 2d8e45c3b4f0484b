import {
  Angle,
  DEFAULT_FOLLOW_LINES,
  entitlements,
  FOLLOW_LINES,
  priceOf,
  RenderStartFields,
} from '@parti/contract'
import { z } from 'zod'
import { planProfileOf } from '../db/repos/users.ts'
import { AppError, invalid } from '../domain/errors.ts'
import { enhancePrompt } from '../domain/prompt.ts'
import { uuidv7 } from '../lib/ids.ts'
import { isLineDrawing } from '../lib/images.ts'
import type { ResolvedInput } from './inputs.ts'
import {
  inputOf,
  PaletteSnapshot,
  paletteOf,
  runPlanFor,
  runPlanMetadata,
  StyleSnapshot,
  snapshot,
  styleSnapshot,
} from './shared.ts'
import type { KindDefinition, NewJob, PlanContext } from './types.ts'

/** Whether a stored input is a line drawing; an unreadable one is left for the engine to refuse. */
async function isDrawing(pc: PlanContext, key: string): Promise<boolean> {
  const data = await pc.ctx.storage.blobs.get(key)
  return data ? isLineDrawing(data).catch(() => true) : true
}

const MultiAngleTask = z.object({
  kind: z.literal('multi-angle'),
  inputKey: z.string(),
  prompt: z.string(),
  angle: Angle,
  style: StyleSnapshot.nullable(),
  palette: PaletteSnapshot.nullable(),
  followLines: z.enum(FOLLOW_LINES).default(DEFAULT_FOLLOW_LINES),
})

/**
 * Multi-angle views: one job per angle (each priced and refunded on its own), for one sketch, or for several
 * at once on the Pro plan (batch processing), all grouped under one batch id.
 */
export const multiAngle: KindDefinition<'multi-angle', RenderStartFields, z.infer<typeof MultiAngleTask>> = {
  kind: 'multi-angle',
  fields: RenderStartFields,
  task: MultiAngleTask,
  async plan(pc, f) {
    const userPrompt = f.userPrompt.trim()
    const sketches = pc.parts.files.get('sketch') ?? []
    if (!sketches.length && !f.sourceGenerationId && !f.imageUrl) throw invalid('sketch_required', 'sketch')
    if (!userPrompt) throw invalid('building_description_required', 'userPrompt')
    const angles = [...new Set(f.angles ?? [])]
    if (!angles.length) throw invalid('angle_required', 'angles')
    // several inputs in one request is the Pro plan's batch processing (docs/product.md#batch)
    if (sketches.length > 1) {
      const { batchLimit } = entitlements(
        await planProfileOf(pc.ctx.database.db, pc.session.userId),
        new Date(),
      )
      if (batchLimit <= 1) {
        throw new AppError('forbidden', 'Batch processing of several sketches is part of the Pro plan')
      }
      if (sketches.length > batchLimit) {
        throw new AppError('validation_failed', `At most ${batchLimit} sketches per batch`, {
          field: 'sketch',
        })
      }
    }
    const [style, pal] = await Promise.all([styleSnapshot(pc, f.styleId), paletteOf(pc, f.colorPaletteId)])
    const inputs: ResolvedInput[] = []
    if (sketches.length > 1) {
      for (const data of sketches) {
        // each sketch of a batch alone, with the PDF page asked for (docs/decisions/0100-phone-and-drawing-inputs.md)
        const fields = { pdfPage: pc.parts.fields.pdfPage }
        const one: PlanContext = { ...pc, parts: { fields, files: new Map([['sketch', [data]]]) } }
        inputs.push((await inputOf(one, 'sketch', {}))!)
      }
    } else {
      inputs.push((await inputOf(pc, 'sketch', f))!)
    }
    const jobs: NewJob[] = []
    for (const input of inputs) {
      // the angles the engine cannot make from this input are neither made nor charged; none at all is
      // refused, before anything is charged (a photo cannot be turned: docs/decisions/0063-local-multi-angle-honesty.md)
      const photoInput = !(await isDrawing(pc, input.key))
      const run = runPlanFor(pc, 'multi-angle', { ...f, angles, photoInput })
      const made = run.angles ?? angles
      for (const angle of made) {
        const { prompt, negativePrompt } = enhancePrompt({
          userPrompt,
          style,
          palette: pal,
          extra: [`${angle} view of the building`],
        })
        jobs.push({
          mode: 'multi-angle',
          cost: priceOf('multi-angle'),
          userPrompt,
          enhancedPrompt: prompt,
          negativePrompt,
          styleId: style?.id ?? null,
          colorPaletteId: pal?.id ?? null,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          metadata: {
            angle,
            angles,
            ...(photoInput ? { photoInput } : {}),
            ...runPlanMetadata('multi-angle', run, angle),
          },
          task: {
            kind: 'multi-angle',
            inputKey: input.key,
            prompt,
            angle,
            style,
            palette: snapshot(pal),
            followLines: f.followLines ?? DEFAULT_FOLLOW_LINES,
          } satisfies z.infer<typeof MultiAngleTask>,
        })
      }
    }
    for (const job of jobs) job.metadata = { ...job.metadata, batchSize: jobs.length }
    return { jobs, batchId: uuidv7() }
  },
  steps: {
    'multi-angle': async (task, sc) => ({ ...task, input: sc.input }),
  },
}
