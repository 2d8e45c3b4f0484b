import {
  type Ask,
  type EngineId,
  GENERATION_MODES,
  KINDS,
  type Kind,
  type KindCapabilities,
  mergeAsks,
  STEP_ASKS,
  type Step,
} from '@parti/contract'
import type { PlanState } from './plan-rules.ts'
import type { EngineRouter } from './router.ts'
import type { StepSupport } from './types.ts'

/**
 * What each kind will do for a user on the plan given: the engine and model of each of its steps, and every
 * ask of those steps as the engines declare it (docs/product.md#capabilities). An ask an engine leaves out is
 * taken as not done.
 */
export function kindCapabilities(
  engines: EngineRouter,
  plan: PlanState,
  /** the kinds as they would be served on this engine rather than the configured one (run again, compare) */
  wanted?: EngineId,
): Record<Kind, KindCapabilities> {
  return Object.fromEntries(
    GENERATION_MODES.map((kind): [Kind, KindCapabilities] => {
      const steps = KINDS[kind].steps.map(({ step }) => {
        const { engine, model } = engines.choose(step, plan, wanted)
        const limits = engine.inputLimits?.(step, model) ?? null
        return { step, engine: engine.id, model, support: engine.capabilities(step, model), limits }
      })
      // a kind's input goes to its first step
      const input = steps[0]?.limits
      return [
        kind,
        {
          steps: steps.map(({ step, engine, model }) => ({ step, engine, model })),
          asks: mergeAsks(steps.map((s) => s.support)),
          ...(input ? { input } : {}),
          engines: servingEngines(engines, kind),
        },
      ]
    }),
  ) as Record<Kind, KindCapabilities>
}

/** Every ask of a step done as asked: for engines that take every field (test doubles of a full engine). */
export function doesEverything(step: Step): StepSupport {
  return Object.fromEntries((STEP_ASKS[step] as readonly Ask[]).map((a) => [a, { level: 'does' }]))
}

/** The engines that can serve every step of a kind, the configured one first (run again elsewhere, compare). */
export function servingEngines(engines: EngineRouter, kind: Kind): EngineId[] {
  const [first, ...rest] = KINDS[kind].steps.map(({ step }) => engines.enginesFor(step))
  return (first ?? []).filter((e) => rest.every((ids) => ids.includes(e)))
}
