import type { PlanName, SubscriptionType, UserProfile } from '@parti/contract'

type SubscriptionState = 'none' | 'active' | 'cancelling' | 'past_due'

export interface SubscriptionView {
  state: SubscriptionState
  plan: PlanName | null
  billingType: SubscriptionType | null
  endDate: Date | null
  autoRenewal: boolean
}

/**
 * docs/product.md#user-profile: the end date may come as an ISO string, epoch seconds or milliseconds, or a
 * timestamp object with seconds/nanoseconds (possibly underscore-prefixed). Anything else is no date.
 */
export function parseEndDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'number') return validDate(new Date(value < 1e12 ? value * 1000 : value))
  if (typeof value === 'string')
    return validDate(new Date(/^\d+$/.test(value) ? Number(value) * 1000 : value))
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>
    const seconds = o.seconds ?? o._seconds
    const nanos = o.nanoseconds ?? o._nanoseconds ?? 0
    if (typeof seconds === 'number')
      return validDate(new Date(seconds * 1000 + (typeof nanos === 'number' ? nanos / 1e6 : 0)))
  }
  return null
}

const validDate = (d: Date) => (Number.isNaN(d.getTime()) ? null : d)

/** What the pricing page shows about the user's subscription (docs/product.md#subscription-states). */
export function subscriptionView(user: UserProfile | null, now = new Date()): SubscriptionView {
  const endDate = parseEndDate(user?.subscriptionEndDate)
  const none: SubscriptionView = { state: 'none', plan: null, billingType: null, endDate, autoRenewal: false }
  if (!user?.plan) return none
  const base = { plan: user.plan, billingType: user.subscriptionType, endDate, autoRenewal: user.autoRenewal }
  switch (user.subscriptionStatus) {
    case 'active':
      return { ...base, state: 'active' }
    case 'cancelled':
      // access stays until the end date; without a date, until the end of the period the server knows
      return endDate && endDate.getTime() <= now.getTime()
        ? none
        : { ...base, state: 'cancelling', autoRenewal: false }
    case 'past_due':
      return { ...base, state: 'past_due' }
    default:
      return none
  }
}

export type PlanAction = 'current' | 'change' | 'subscribe'

/**
 * What a plan card's button does (docs/product.md#plan-change): the plan and period the user has is the
 * current plan ('You already have this plan'); any other choice of an existing subscriber goes to the billing
 * portal; everyone else subscribes through a checkout.
 */
export function planAction(
  view: SubscriptionView,
  plan: PlanName,
  billingType: SubscriptionType,
): PlanAction {
  if (view.state === 'none') return 'subscribe'
  if (view.plan === plan && (view.billingType ?? 'monthly') === billingType) return 'current'
  return 'change'
}

/** docs/product.md#pricing-page: the billing toggle follows the user's subscription type. */
export function initialBilling(view: SubscriptionView): SubscriptionType {
  return view.state !== 'none' && view.billingType === 'yearly' ? 'yearly' : 'monthly'
}
