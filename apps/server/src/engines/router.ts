import { STEP_NAMES } from '@parti/contract'
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
  choose(kind: EngineTaskKind, plan: { name: string | null; active: boolean }): EngineChoice
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
): EngineRouter {
  const pick = (kind: EngineTaskKind, plan: PlanState) => {
    const route = routes[kind]
    const model = route.models ? modelForPlan(route.models, plan).model : route.engine.modelFor(kind)
    return { engine: route.engine, model }
  }
  return {
    ...extras,
    choose: (kind, plan) => pick(kind, plan),
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
