import type { PlanName } from '@parti/contract'

/** DECISIONS: Standard and Pro jobs are taken before Lite and free ones (priority processing). */
export function priorityFor(plan: PlanName | string | null | undefined, subscriptionActive: boolean): number {
  if (!subscriptionActive) return 0
  switch (plan) {
    case 'pro':
      return 30
    case 'standard':
      return 20
    case 'lite':
      return 10
    default:
      return 0
  }
}

/** A cancelled subscription keeps its benefits until the end date (spec §4). */
export function subscriptionIsActive(status: string, endDate: Date | null, now = new Date()): boolean {
  if (status === 'active') return true
  if (status === 'cancelled' && endDate) return endDate.getTime() > now.getTime()
  return false
}
