import { planBenefits, subscriptionActive } from '@parti/contract'

// The queue's names for the contract's entitlement rules (packages/contract/src/entitlements.ts): the rules
// themselves live there, shared with the web, so that "which plan holds" has one answer.

/** Standard and Pro jobs are taken before Lite and free ones (priority processing). */
export function priorityFor(plan: string | null | undefined, active: boolean): number {
  return planBenefits(active ? plan : null).priority
}

/** A cancelled subscription keeps its benefits until the end date. */
export function subscriptionIsActive(status: string, endDate: Date | null, now = new Date()): boolean {
  return subscriptionActive({ subscriptionStatus: status, subscriptionEndDate: endDate }, now)
}
