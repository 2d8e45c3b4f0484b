import { type EngineId, STEP_NAMES } from '@parti/contract'
import { type ModelTiers, modelForPlan, type PlanState } from './plan-rules.ts'
import type { WebhookProvider, WebhookReceiver } from './shared/webhooks.ts'
import type { Engine, EngineTaskKind } from './types.ts'

interface EngineChoice {
  engine: Engine
  model: string
}

/**
 * Which engine serves each task kind. The embedded default sends everything to the local engine; the
 * ENGINE_* settings and plan rules (docs/decisions/0030-engine-per-kind-model-per-plan.md) plug in here
 * without the worker knowing.
 */
export interface EngineRouter {
  /**
   * The engine and model for a step: the configured one, or `engine` when the job asked for another that can
   * serve it ("Run again" elsewhere, comparing engines: docs/decisions/0098-recipe-and-run-again.md)
   */
  choose(
    kind: EngineTaskKind,
    plan: { name: string | null; active: boolean },
    engine?: EngineId,
  ): EngineChoice
  /** the engines that can serve a step, the configured one first (the local engine can serve every step) */
  enginesFor(kind: EngineTaskKind): EngineId[]
  /** one line per kind for the start-up log */
  describe(): Record<EngineTaskKind, string>
  check(): Promise<void>
  /** webhook verifiers of the hosted providers in use, for POST /api/webhooks/{provider} */
  webhooks?: Partial<Record<WebhookProvider, WebhookReceiver>>
  /** stop listening for webhook notifications */
  stop?(): Promise<void>
}

/** Every step an engine may be asked to run (the contract's STEPS). */
export const TASK_KINDS: readonly EngineTaskKind[] = STEP_NAMES

/** Every kind on one engine (the embedded default, and tests). */
export function singleEngineRouter(engine: Engine): EngineRouter {
  return {
    choose: (kind) => ({ engine, model: engine.modelFor(kind) }),
    enginesFor: () => [engine.id],
    describe: () =>
      Object.fromEntries(TASK_KINDS.map((k) => [k, `${engine.id}/${engine.modelFor(k)}`])) as Record<
        EngineTaskKind,
        string
      >,
    check: async () => {
      await engine.check?.()
    },
  }
}

export interface KindRoute {
  engine: Engine
  /** hosted engines: the models per plan tier; absent: the engine's own model for the kind */
  models?: ModelTiers
}

/** Each kind on the engine configured for it (ENGINE_*), with the plan rules choosing among its models. */
export function routedEngineRouter(
  routes: Record<EngineTaskKind, KindRoute>,
  extras: Pick<EngineRouter, 'webhooks' | 'stop'> = {},
  /** the local engine, for a job that asks for it where a hosted engine is configured */
  local?: Engine,
): EngineRouter {
  const pick = (kind: EngineTaskKind, plan: PlanState, wanted?: EngineId) => {
    const route = routes[kind]
    if (wanted && wanted !== route.engine.id && local && wanted === local.id)
      return { engine: local, model: local.modelFor(kind) }
    const model = route.models ? modelForPlan(route.models, plan).model : route.engine.modelFor(kind)
    return { engine: route.engine, model }
  }
  return {
    ...extras,
    choose: (kind, plan, engine) => pick(kind, plan, engine),
    enginesFor: (kind) => {
      const configured = routes[kind].engine.id
      return local && local.id !== configured ? [configured, local.id] : [configured]
    },
    describe: () =>
      Object.fromEntries(
        TASK_KINDS.map((k) => {
          const { engine, models } = routes[k]
          const base = `${engine.id}/${models?.default ?? engine.modelFor(k)}`
          const more = [
            models?.premium ? `premium ${models.premium}` : '',
            models?.experimental ? `experimental ${models.experimental}` : '',
          ].filter(Boolean)
          return [k, more.length ? `${base} (${more.join(', ')})` : base]
        }),
      ) as Record<EngineTaskKind, string>,
    check: async () => {
      for (const engine of new Set(TASK_KINDS.map((k) => routes[k].engine))) await engine.check?.()
    },
  }
}
