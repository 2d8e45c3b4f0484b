import type { PlanName, SubscriptionStatus, SubscriptionType } from '@parti/contract'

/**
 * The states a subscription row takes (docs/product.md#subscription-states); 'cancelled' keeps access until
 * the period ends.
 */
export type SubscriptionRecordStatus = 'active' | 'cancelled' | 'past_due' | 'expired'

export interface SubscriptionFacts {
  id: string
  plan: PlanName
  billingType: SubscriptionType
  status: SubscriptionRecordStatus
  cancelAtPeriodEnd: boolean
  currentPeriodEnd: Date
}

/** Benefits hold while active, and after a cancel until the end date (docs/product.md#entitlements). */
export function hasAccess(sub: SubscriptionFacts, now: Date): boolean {
  if (sub.status === 'active') return true
  if (sub.status === 'cancelled') return sub.currentPeriodEnd.getTime() > now.getTime()
  return false
}

/** A subscription the user still holds: one with access, or one whose renewal payment is failing. */
export function isHeld(sub: SubscriptionFacts, now: Date): boolean {
  return hasAccess(sub, now) || sub.status === 'past_due'
}

export type Refusal<R extends string> = { action: 'refuse'; reason: R }

/**
 * docs/product.md#plan-change: choosing the current plan gives 'You already have this plan'; an existing
 * subscriber changing plan (or billing period) goes to the billing portal, not to a second checkout.
 */
export function checkoutDecision(
  current: SubscriptionFacts | null,
  plan: PlanName,
  billingType: SubscriptionType,
  now: Date,
): { action: 'checkout' } | Refusal<'same_plan' | 'active_subscription'> {
  if (!current || !isHeld(current, now)) return { action: 'checkout' }
  if (current.plan === plan && current.billingType === billingType)
    return { action: 'refuse', reason: 'same_plan' }
  return { action: 'refuse', reason: 'active_subscription' }
}

/**
 * Cancel (docs/product.md#subscription-states): status cancelled, auto-renew off, access until the end date.
 * Cancelling twice is not an error (a double click, a second tab): the second answers like the first.
 */
export function cancelDecision(
  sub: SubscriptionFacts | null,
  now: Date,
): { action: 'cancel' | 'noop' } | Refusal<'no_subscription' | 'subscription_ended'> {
  if (!sub) return { action: 'refuse', reason: 'no_subscription' }
  if (sub.status === 'expired' || sub.currentPeriodEnd.getTime() <= now.getTime())
    return { action: 'refuse', reason: 'subscription_ended' }
  return sub.cancelAtPeriodEnd ? { action: 'noop' } : { action: 'cancel' }
}

/** Renew undoes a cancel before the end date; after it, the user subscribes again through a checkout. */
export function renewDecision(
  sub: SubscriptionFacts | null,
  now: Date,
): { action: 'renew' | 'noop' } | Refusal<'no_subscription' | 'subscription_ended'> {
  if (!sub) return { action: 'refuse', reason: 'no_subscription' }
  if (sub.status === 'expired' || sub.currentPeriodEnd.getTime() <= now.getTime())
    return { action: 'refuse', reason: 'subscription_ended' }
  return sub.cancelAtPeriodEnd ? { action: 'renew' } : { action: 'noop' }
}

export const cancelled = <T extends SubscriptionFacts>(sub: T): T => ({
  ...sub,
  status: sub.status === 'past_due' ? 'past_due' : 'cancelled',
  cancelAtPeriodEnd: true,
})

export const renewed = <T extends SubscriptionFacts>(sub: T): T => ({
  ...sub,
  status: sub.status === 'past_due' ? 'past_due' : 'active',
  cancelAtPeriodEnd: false,
})

/** One billing period later, by the calendar in UTC; the 31st becomes the month's last day, as Stripe does. */
export function addPeriod(from: Date, billingType: SubscriptionType): Date {
  const months = billingType === 'yearly' ? 12 : 1
  const y = from.getUTCFullYear()
  const m = from.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate()
  const d = new Date(from)
  d.setUTCFullYear(y, m, Math.min(from.getUTCDate(), lastDay))
  return d
}

export type RenewalStep = { kind: 'renew'; periodStart: Date; periodEnd: Date } | { kind: 'expire' }

/**
 * What the built-in billing clock does with a subscription whose period has run out: a cancelled one
 * expires; otherwise each missed period renews (and is paid), at most `max` of them at once.
 */
export function renewalSteps(sub: SubscriptionFacts, now: Date, max = 36): RenewalStep[] {
  const steps: RenewalStep[] = []
  if (sub.status === 'expired') return steps
  let end = sub.currentPeriodEnd
  while (end.getTime() <= now.getTime() && steps.length < max) {
    if (sub.cancelAtPeriodEnd) return [...steps, { kind: 'expire' }]
    const next = addPeriod(end, sub.billingType)
    steps.push({ kind: 'renew', periodStart: end, periodEnd: next })
    end = next
  }
  return steps
}

/** Stripe's subscription status (and whether it is set to end) in our terms; null: not a subscription yet. */
export function statusFromStripe(status: string, cancelling: boolean): SubscriptionRecordStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return cancelling ? 'cancelled' : 'active'
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due'
    case 'canceled':
    case 'incomplete_expired':
      return 'expired'
    default:
      // incomplete: the first payment has not gone through; nothing is held yet
      return null
  }
}

const rank = (sub: SubscriptionFacts, now: Date) =>
  hasAccess(sub, now) ? 2 : sub.status === 'past_due' ? 1 : 0

/** The subscription the profile shows: one with access first, then one past due, then the latest to end. */
export function currentSubscription<T extends SubscriptionFacts>(subs: readonly T[], now: Date): T | null {
  let best: T | null = null
  for (const sub of subs) {
    if (
      !best ||
      rank(sub, now) > rank(best, now) ||
      (rank(sub, now) === rank(best, now) && sub.currentPeriodEnd > best.currentPeriodEnd)
    )
      best = sub
  }
  return best
}

/** The profile fields of docs/product.md#user-profile (users row) that mirror the current subscription. */
export interface UserBillingFields {
  plan: PlanName | null
  subscriptionType: SubscriptionType | null
  autoRenewal: boolean
  subscriptionEndDate: Date | null
  subscriptionStatus: SubscriptionStatus
}

export function userBillingFields(sub: SubscriptionFacts | null, now: Date): UserBillingFields {
  if (!sub)
    return {
      plan: null,
      subscriptionType: null,
      autoRenewal: false,
      subscriptionEndDate: null,
      subscriptionStatus: 'none',
    }
  if (!isHeld(sub, now))
    return {
      plan: null,
      subscriptionType: null,
      autoRenewal: false,
      subscriptionEndDate: sub.currentPeriodEnd,
      subscriptionStatus: 'expired',
    }
  return {
    plan: sub.plan,
    subscriptionType: sub.billingType,
    autoRenewal: sub.status !== 'cancelled' && !sub.cancelAtPeriodEnd,
    subscriptionEndDate: sub.currentPeriodEnd,
    subscriptionStatus: sub.status,
  }
}
