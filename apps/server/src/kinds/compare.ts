import {
  creditsOfSteps,
  DEFAULT_SEED,
  type EngineId,
  KINDS,
  type KindInfo,
  MAX_COMPARE_ENGINES,
  planRun,
  type Step,
} from '@parti/contract'
import { AppError } from '../domain/errors.ts'
import { uuidv7 } from '../lib/ids.ts'
import { runPlanMetadata } from './shared.ts'
import type { PlanContext, RenderPlan } from './types.ts'

/**
 * "Compare engines" (docs/product.md#compare-engines): the request's one planned job made once on each engine
 * asked for, with the same seed, grouped under one request id and held as one total; each cell is priced by the
 * steps that run on its engine, and settles on its own (a cell that fails is released).
 * docs/decisions/0108-compare-engines-one-request-per-cell.md
 */
export function withEngines(
  plan: RenderPlan,
  wanted: readonly EngineId[] | undefined,
  variations: number | undefined,
  pc: PlanContext,
): RenderPlan {
  if (!wanted?.length) return plan
  const engines = [...new Set(wanted)]
  const job = plan.jobs[0]
  if (engines.length < 2 || engines.length > MAX_COMPARE_ENGINES)
    throw new AppError('validation_failed', `engines: name 2 to ${MAX_COMPARE_ENGINES} different engines`, {
      field: 'engines',
    })
  if (!job || plan.jobs.length > 1 || (variations ?? 1) > 1)
    throw new AppError(
      'validation_failed',
      'engines: a comparison runs one request of one result per engine',
      {
        field: 'engines',
      },
    )
  const kind = job.task.kind
  const serving = pc.servedBy?.(kind) ?? []
  const missing = engines.filter((e) => !serving.includes(e))
  if (missing.length)
    throw new AppError('not_offered', `${missing.join(', ')} cannot serve ${KINDS[kind].feature} here`, {
      engine: missing.join(', '),
      skipped: [],
    })
  const asked = job.asked ?? { asks: [], hasLasso: false }
  // the steps, price and what will not be done, engine by engine, with the same rule as a single request
  const cells = engines.map((engine) => {
    const caps = pc.capabilitiesOn!(engine)[kind]
    return { engine, caps, run: planRun(kind, caps, asked) }
  })
  const refused = cells.filter((c) => !c.run.steps)
  if (refused.length)
    throw new AppError(
      'not_offered',
      refused.map((c) => `${c.engine}: ${c.run.skipped.map((s) => s.note).join(' ')}`).join(' '),
      { engine: refused.map((c) => c.engine).join(', '), skipped: refused.flatMap((c) => c.run.skipped) },
    )
  const { skipped: _s, approximated: _a, steps: _st, ...metadata } = job.metadata
  const { steps: _planned, ...base } = job
  // a seeded kind gets the same seed in every cell: the same request, engine against engine
  const seeded = (KINDS[kind] as KindInfo).variations
    ? { seed: DEFAULT_SEED, task: { ...job.task, seed: DEFAULT_SEED } }
    : {}
  return {
    ...plan,
    batchId: uuidv7(),
    holdTogether: true,
    jobs: cells.map(({ engine, run }, index) => {
      const steps = run.steps as Step[]
      const all = KINDS[kind].steps.length
      return {
        ...base,
        ...seeded,
        engine,
        cost: creditsOfSteps(kind, steps, job.cost),
        ...(steps.length < all ? { steps } : {}),
        metadata: {
          ...metadata,
          ...runPlanMetadata(kind, { ...run, steps }),
          variation: { index, count: cells.length },
          compare: { engine },
        },
      }
    }),
  }
}
