import { type EngineId, type Generation, KINDS, type Kind, type Step } from '@parti/contract'
import type { SessionUser } from '../auth/sessions.ts'
import type { AppContext } from '../context.ts'
import { findOwnGeneration } from '../db/repos/generations.ts'
import { AppError, notFound } from '../domain/errors.ts'
import type { EngineRouter } from '../engines/router.ts'
import { createJobs } from '../jobs/create.ts'
import { toGeneration } from '../jobs/serialize.ts'
import { JobPayload } from '../kinds/index.ts'
import type { StoredRecipe } from '../kinds/recipe.ts'
import type { NewJob } from '../kinds/types.ts'
import { isUuid } from '../lib/ids.ts'

/**
 * "Run again" (docs/product.md#recipe): a finished result made once more from its recipe, the same task with the
 * same seed and the same input files, on the engine that made it or on another that serves every step of its
 * kind. Priced and held like any job; the new one's source is the same as the old one's.
 */
export async function runAgain(
  ctx: AppContext,
  engines: EngineRouter,
  session: SessionUser,
  id: string,
  engine?: EngineId,
): Promise<Generation> {
  const row = isUuid(id) ? await findOwnGeneration(ctx.database.db, session.userId, id) : null
  if (!row) throw notFound()
  if (row.status !== 'completed' && row.status !== 'failed')
    throw new AppError('conflict', 'This result is not finished yet')
  const recipe = row.recipe as unknown as StoredRecipe | null
  const payload = JobPayload.safeParse(row.payload)
  if (!recipe?.planned || !payload.success)
    throw new AppError('conflict', 'This result was made before recipes were kept')
  const kind = row.mode as Kind
  const steps: Step[] = payload.data.steps ?? KINDS[kind].steps.map((s) => s.step)
  if (engine && !steps.every((step) => engines.enginesFor(step).includes(engine)))
    throw new AppError('not_offered', `The ${engine} engine does not serve ${KINDS[kind].feature} here`, {
      engine,
    })
  const { variation: _v, ...planned } = recipe.planned.metadata
  const job: NewJob = {
    mode: kind,
    task: payload.data.task as NewJob['task'],
    cost: row.creditsCost,
    userPrompt: row.userPrompt,
    enhancedPrompt: recipe.planned.enhancedPrompt,
    negativePrompt: row.negativePrompt,
    videoPrompt: row.videoPrompt,
    styleId: row.styleId,
    colorPaletteId: row.colorPaletteId,
    sourceGenerationId: row.sourceGenerationId,
    inputKeys: row.inputKeys,
    maskKey: row.maskKey,
    metadata: { ...planned, runAgainOf: row.id },
    ...(payload.data.steps ? { steps: payload.data.steps } : {}),
    seed: row.seed,
    ...(engine ? { engine } : payload.data.engine ? { engine: payload.data.engine } : {}),
  }
  const [created] = await createJobs(ctx.database, ctx.storage, session, [job], {
    maxAttempts: ctx.config.JOB_MAX_ATTEMPTS,
  })
  return toGeneration(created!, ctx.storage)
}
