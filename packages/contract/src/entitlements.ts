// What a user's plan lets them do, decided in one place for the server (job priority, model tiers, batch size)
// and the web (how many sketches the upload takes). No zod here: it is plain rules over the profile fields.
import { PRO_BATCH_LIMIT } from './constants.ts'
import type { PlanName } from './enums.ts'

/** Model tiers a hosted engine may offer for a kind; plans unlock the better ones. */
export type ModelTier = 'experimental' | 'premium' | 'default'

/**
 * The profile fields the rules read. The server passes its users row (plan and status are text there, the end
 * date a Date); the web passes the profile it got from the API (the end date an ISO string).
 */
export interface PlanProfile {
  plan: string | null
  subscriptionStatus: string
  subscriptionEndDate: Date | string | null
}

export interface PlanBenefits {
  /** Lite and no plan: personal use only; Standard and Pro: commercial use too */
  licence: 'personal' | 'commercial'
  /** queue order: a higher number is taken first */
  priority: number
  /** the model tiers the plan may use, best first */
  modelTiers: readonly ModelTier[]
  premiumVideo: boolean
  experimentalModels: boolean
  unlimitedStyles: boolean
  /** how many sketches one request may carry (several is batch processing) */
  batchLimit: number
  apiAccess: boolean
}

export interface Entitlements extends PlanBenefits {
  /** the plan whose benefits hold now, or null (no plan, or a subscription that lapsed) */
  plan: PlanName | null
  active: boolean
}

const NO_PLAN: PlanBenefits = {
  licence: 'personal',
  priority: 0,
  modelTiers: ['default'],
  premiumVideo: false,
  experimentalModels: false,
  unlimitedStyles: false,
  batchLimit: 1,
  apiAccess: false,
}

/**
 * Each plan adds to the one below: Lite is the personal licence (and a place in the queue ahead of free
 * jobs); Standard adds premium video models, priority processing and the commercial licence; Pro adds
 * experimental models, unlimited styles, batch processing and API access.
 */
const BENEFITS: Record<PlanName, PlanBenefits> = {
  lite: { ...NO_PLAN, priority: 10 },
  standard: {
    ...NO_PLAN,
    licence: 'commercial',
    priority: 20,
    modelTiers: ['premium', 'default'],
    premiumVideo: true,
  },
  pro: {
    licence: 'commercial',
    priority: 30,
    modelTiers: ['experimental', 'premium', 'default'],
    premiumVideo: true,
    experimentalModels: true,
    unlimitedStyles: true,
    batchLimit: PRO_BATCH_LIMIT,
    apiAccess: true,
  },
}

const isPlanName = (plan: string | null | undefined): plan is PlanName =>
  plan === 'lite' || plan === 'standard' || plan === 'pro'

/** The benefits of a plan that holds (an unknown name, or none, gets none). */
export function planBenefits(plan: string | null | undefined): PlanBenefits {
  return isPlanName(plan) ? BENEFITS[plan] : NO_PLAN
}

/**
 * Whether the subscription's benefits hold now: while it is active, and after a cancel until its end date. A
 * payment that is failing (past_due), an expired one, or a cancelled one without an end date give none.
 */
export function subscriptionActive(
  profile: Pick<PlanProfile, 'subscriptionStatus' | 'subscriptionEndDate'>,
  now: Date,
): boolean {
  if (profile.subscriptionStatus === 'active') return true
  if (profile.subscriptionStatus !== 'cancelled' || profile.subscriptionEndDate === null) return false
  const end = new Date(profile.subscriptionEndDate).getTime()
  return Number.isFinite(end) && end > now.getTime()
}

/** What the user may do now. A lapsed subscription is no plan. */
export function entitlements(profile: PlanProfile, now: Date): Entitlements {
  const plan = isPlanName(profile.plan) && subscriptionActive(profile, now) ? profile.plan : null
  return { ...planBenefits(plan), plan, active: plan !== null }
}

/**
 * `entitlements(profile, now).apiAccess` without building the whole answer: the check of every request made
 * with an API key (docs/decisions/0078-api-key-budget-counted-in-process.md), where the object spread of
 * `entitlements` cost about 4 µs.
 */
export function apiAccessNow(profile: PlanProfile, now: Date): boolean {
  return isPlanName(profile.plan) && subscriptionActive(profile, now) && BENEFITS[profile.plan].apiAccess
}
