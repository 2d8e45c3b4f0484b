import { planBenefits } from '@parti/contract'
import type { EngineTaskKind } from './types.ts'

/**
 * The models an engine can use for one kind: the default, and the ones plans unlock
 * (docs/product.md#model-tiers).
 */
export interface ModelTiers {
  default: string
  /** Standard and Pro: premium models (docs/product.md#model-tiers) */
  premium?: string
  /** Pro: experimental models */
  experimental?: string
}

export type ModelTable = Partial<Record<EngineTaskKind, ModelTiers>>
export type ModelTier = keyof ModelTiers

export interface PlanState {
  name: string | null
  active: boolean
}

/** Which tiers a plan may use, best first (the contract's entitlements). A lapsed subscription is no plan. */
export function tiersFor(plan: PlanState): ModelTier[] {
  return [...planBenefits(plan.active ? plan.name : null).modelTiers]
}

/**
 * The model a job runs on: the best tier its plan unlocks that is configured, else the kind's default. The
 * worker records the model on the generation, so the gallery says which one ran.
 */
export function modelForPlan(models: ModelTiers, plan: PlanState): { model: string; tier: ModelTier } {
  for (const tier of tiersFor(plan)) {
    const model = models[tier]
    if (model) return { model, tier }
  }
  return { model: models.default, tier: 'default' }
}
