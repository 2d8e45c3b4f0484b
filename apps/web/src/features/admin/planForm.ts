import type { AdminPlan, AdminPlanInput } from '@parti/contract'

export interface PlanDraft {
  features: string[]
  popular: boolean
  paymentPriceMonthly: string
  paymentPriceYearly: string
}

export const draftOfPlan = (plan: AdminPlan): PlanDraft => ({
  features: [...plan.features],
  popular: plan.popular,
  paymentPriceMonthly: plan.paymentPriceMonthly ?? '',
  paymentPriceYearly: plan.paymentPriceYearly ?? '',
})

/** Empty feature lines are dropped; an empty price id means none. */
export const inputOfPlan = (draft: PlanDraft): AdminPlanInput => ({
  features: draft.features.map((f) => f.trim()).filter(Boolean),
  popular: draft.popular,
  paymentPriceMonthly: draft.paymentPriceMonthly.trim() || null,
  paymentPriceYearly: draft.paymentPriceYearly.trim() || null,
})

export const samePlan = (a: PlanDraft, b: PlanDraft) =>
  JSON.stringify(inputOfPlan(a)) === JSON.stringify(inputOfPlan(b))

/** A payment provider's price id (Stripe `price_…`): letters, digits, _ and - (the contract's rule). */
export const validPriceId = (v: string) => /^[A-Za-z0-9_-]*$/.test(v.trim())

/** Feature keys the pricing page translates; anything else is shown as written. */
const KNOWN_FEATURES = [
  'monthly_credits',
  'all_tools',
  'personal_licence',
  'standard_queue',
  'commercial_licence',
  'priority_processing',
  'premium_video_models',
  'experimental_models',
  'unlimited_styles',
  'batch_processing',
  'api_access',
] as const
export type KnownFeature = (typeof KNOWN_FEATURES)[number]
export const isKnownFeature = (v: string): v is KnownFeature =>
  (KNOWN_FEATURES as readonly string[]).includes(v)
