import {
  type AskedEffects,
  askedEffects,
  type EngineId,
  type Generation,
  KINDS,
  type Kind,
  planRun,
  type SkippedAsk,
  type Step,
} from '@parti/contract'
import type { SessionUser } from '../auth/sessions.ts'
import type { AppContext } from '../context.ts'
import { findOwnGeneration } from '../db/repos/generations.ts'
import { planStateOf } from '../db/repos/users.ts'
import { AppError, notFound } from '../domain/errors.ts'
import { kindCapabilities } from '../engines/capabilities.ts'
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
  // the engine it will run on: the one asked for, else the one the job named (a cell of a comparison)
  const runsOn = engine ?? payload.data.engine
  await checkStillServed(ctx, engines, session, { kind, steps, engine: runsOn, recipe, row })
  const { variation: _v, compare: _c, ...planned } = recipe.planned.metadata
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

/**
 * The engine that will run it again (another one, or the configured one for the user's plan today) must serve
 * every step that ran and everything the recipe asked that was done: checked with the same run plan as a new
 * request, before a credit is held (docs/product.md#recipe). What the first result already went without (its
 * `skipped`) is not asked again. Refused with 422 `not_offered` and each ask it would not do.
 */
async function checkStillServed(
  ctx: AppContext,
  engines: EngineRouter,
  session: SessionUser,
  p: {
    kind: Kind
    steps: Step[]
    engine: EngineId | undefined
    recipe: StoredRecipe
    row: { metadata: Record<string, unknown>; payload: unknown }
  },
): Promise<void> {
  const caps = kindCapabilities(engines, await planStateOf(ctx.database.db, session.userId), p.engine)[p.kind]
  const task = (p.row.payload as { task: Record<string, unknown> }).task
  const asked = p.recipe.planned?.asked ?? askedOfTask(p.kind, task)
  const plan = planRun(p.kind, caps, asked)
  const before = new Set(((p.row.metadata.skipped as SkippedAsk[] | undefined) ?? []).map((s) => s.ask))
  const skipped = plan.skipped.filter((s) => !before.has(s.ask))
  const served = caps.steps.map((s) => s.engine).join(', ')
  const missingSteps = plan.steps === null || p.steps.some((step) => !plan.steps!.includes(step))
  if (!skipped.length && !missingSteps) return
  const why = skipped.map((s) => s.note).filter(Boolean)
  throw new AppError(
    'not_offered',
    why.length
      ? `On ${served}: ${why.join(' ')}`
      : `The ${served} engine does not make ${KINDS[p.kind].feature} as this result was made`,
    { engine: p.engine ?? served, skipped },
  )
}

/** What a stored task asked, for results made before recipes kept it (their lasso, options, angle…). */
function askedOfTask(kind: Kind, t: Record<string, unknown>): AskedEffects {
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
  const id = (v: unknown) => (v && typeof v === 'object' ? str((v as { id?: unknown }).id) : undefined)
  return askedEffects(kind, {
    userPrompt: str(t.prompt),
    styleId: id(t.style) ?? str(t.stagingStyle) ?? null,
    colorPaletteId: id(t.palette) ?? null,
    customColors: Array.isArray(t.customColors) ? (t.customColors as string[]) : null,
    followLines: str(t.followLines) ?? null,
    roomType: str(t.roomType) ?? null,
    ...(str(t.angle) ? { angles: [t.angle as never] } : {}),
    ...(Array.isArray(t.options) ? { stagingOptions: t.options as never } : {}),
    ...(str(t.cameraMovement) ? { cameraMovement: t.cameraMovement as never } : {}),
    ...(t.duration !== undefined ? { duration: t.duration as never } : {}),
    hasLasso: !!t.maskKey,
  })
}
