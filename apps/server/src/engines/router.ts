import type { Engine, EngineTaskKind } from './types.ts'

export interface EngineChoice {
  engine: Engine
  model: string
}

/**
 * Which engine serves each task kind. The embedded default sends everything to the local engine; issue 5's
 * ENGINE_* settings and plan rules plug in here without the worker knowing.
 */
export interface EngineRouter {
  choose(kind: EngineTaskKind, plan: { name: string | null; active: boolean }): EngineChoice
  /** one line per kind for the start-up log */
  describe(): Record<EngineTaskKind, string>
  check(): Promise<void>
}

export const TASK_KINDS: EngineTaskKind[] = [
  'sketch',
  'multi-angle',
  'staging-clean',
  'staging-stage',
  'inpaint',
  'magic-edit',
  'animate',
]

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
