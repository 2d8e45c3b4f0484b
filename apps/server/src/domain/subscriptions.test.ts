import { describe, expect, it } from 'vitest'
import {
  addPeriod,
  cancelDecision,
  cancelled,
  checkoutDecision,
  currentSubscription,
  hasAccess,
  renewalSteps,
  renewDecision,
  renewed,
  type SubscriptionFacts,
  statusFromStripe,
  userBillingFields,
} from './subscriptions.ts'

const now = new Date('2026-03-15T12:00:00Z')
const later = new Date('2026-04-15T12:00:00Z')
const earlier = new Date('2026-02-15T12:00:00Z')
const sub = (over: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  id: 'sub_1',
  plan: 'standard',
  billingType: 'monthly',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: later,
  ...over,
})

describe('choosing a plan', () => {
  it('without a subscription: a checkout', () => {
    expect(checkoutDecision(null, 'pro', 'yearly', now)).toEqual({ action: 'checkout' })
  })
  it('the current plan: You already have this plan', () => {
    expect(checkoutDecision(sub(), 'standard', 'monthly', now)).toEqual({
      action: 'refuse',
      reason: 'same_plan',
    })
  })
  it('another plan or period while subscribed: the billing portal, not a second checkout', () => {
    expect(checkoutDecision(sub(), 'pro', 'monthly', now)).toMatchObject({ reason: 'active_subscription' })
    expect(checkoutDecision(sub(), 'standard', 'yearly', now)).toMatchObject({
      reason: 'active_subscription',
    })
  })
  it('a cancelled subscription still running counts as held; an ended one does not', () => {
    const cancelling = cancelled(sub())
    expect(checkoutDecision(cancelling, 'standard', 'monthly', now)).toMatchObject({ reason: 'same_plan' })
    const ended = cancelled(sub({ currentPeriodEnd: earlier }))
    expect(checkoutDecision(ended, 'standard', 'monthly', now)).toEqual({ action: 'checkout' })
    expect(checkoutDecision(sub({ status: 'expired' }), 'lite', 'monthly', now)).toEqual({
      action: 'checkout',
    })
  })
  it('a subscription past due is still held (its payment can be fixed in the portal)', () => {
    expect(checkoutDecision(sub({ status: 'past_due' }), 'pro', 'monthly', now)).toMatchObject({
      reason: 'active_subscription',
    })
  })
})

describe('cancel and renew', () => {
  it('cancel: status cancelled, auto-renew off, access kept to the end date', () => {
    expect(cancelDecision(sub(), now)).toEqual({ action: 'cancel' })
    const c = cancelled(sub())
    expect(c).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true })
    expect(hasAccess(c, now)).toBe(true)
    expect(hasAccess(c, later)).toBe(false)
    expect(userBillingFields(c, now)).toMatchObject({
      plan: 'standard',
      subscriptionStatus: 'cancelled',
      autoRenewal: false,
      subscriptionEndDate: later,
    })
  })
  it('cancelling twice answers like the first time', () => {
    expect(cancelDecision(cancelled(sub()), now)).toEqual({ action: 'noop' })
  })
  it('nothing to cancel, or already ended', () => {
    expect(cancelDecision(null, now)).toMatchObject({ reason: 'no_subscription' })
    expect(cancelDecision(sub({ currentPeriodEnd: earlier }), now)).toMatchObject({
      reason: 'subscription_ended',
    })
    expect(cancelDecision(sub({ status: 'expired' }), now)).toMatchObject({ reason: 'subscription_ended' })
  })
  it('renew undoes a cancel before the end date, and not after it', () => {
    expect(renewDecision(cancelled(sub()), now)).toEqual({ action: 'renew' })
    expect(renewed(cancelled(sub()))).toMatchObject({ status: 'active', cancelAtPeriodEnd: false })
    expect(userBillingFields(renewed(cancelled(sub())), now).autoRenewal).toBe(true)
    expect(renewDecision(sub(), now)).toEqual({ action: 'noop' })
    expect(renewDecision(cancelled(sub({ currentPeriodEnd: earlier })), now)).toMatchObject({
      reason: 'subscription_ended',
    })
    expect(renewDecision(null, now)).toMatchObject({ reason: 'no_subscription' })
  })
  it('a past-due subscription stays past due when cancelled or renewed', () => {
    expect(cancelled(sub({ status: 'past_due' })).status).toBe('past_due')
    expect(renewed(sub({ status: 'past_due', cancelAtPeriodEnd: true })).status).toBe('past_due')
  })
})

describe('billing periods', () => {
  it('a month or a year later by the calendar; the 31st becomes the last day of a shorter month', () => {
    expect(addPeriod(new Date('2026-01-15T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-02-15T10:00:00.000Z',
    )
    expect(addPeriod(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    )
    expect(addPeriod(new Date('2026-12-31T00:00:00Z'), 'monthly').toISOString()).toBe(
      '2027-01-31T00:00:00.000Z',
    )
    expect(addPeriod(new Date('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    )
  })

  it('the billing clock renews each missed period, or expires a cancelled subscription', () => {
    const due = sub({ currentPeriodEnd: new Date('2026-01-15T12:00:00Z') })
    const steps = renewalSteps(due, now)
    expect(steps.map((s) => (s.kind === 'renew' ? s.periodEnd.toISOString() : s.kind))).toEqual([
      '2026-02-15T12:00:00.000Z',
      '2026-03-15T12:00:00.000Z',
      '2026-04-15T12:00:00.000Z',
    ])
    expect(renewalSteps(cancelled(due), now)).toEqual([{ kind: 'expire' }])
    expect(renewalSteps(sub(), now)).toEqual([])
    expect(renewalSteps(sub({ status: 'expired', currentPeriodEnd: earlier }), now)).toEqual([])
    expect(renewalSteps(due, now, 2)).toHaveLength(2)
  })
})

describe('Stripe statuses', () => {
  it('map to ours; an incomplete first payment holds nothing', () => {
    expect(statusFromStripe('active', false)).toBe('active')
    expect(statusFromStripe('trialing', false)).toBe('active')
    expect(statusFromStripe('active', true)).toBe('cancelled')
    expect(statusFromStripe('past_due', false)).toBe('past_due')
    expect(statusFromStripe('unpaid', false)).toBe('past_due')
    expect(statusFromStripe('canceled', false)).toBe('expired')
    expect(statusFromStripe('incomplete_expired', false)).toBe('expired')
    expect(statusFromStripe('incomplete', false)).toBeNull()
  })
})

describe('the profile’s subscription fields', () => {
  it('mirror the subscription that gives access, before a past-due or ended one', () => {
    const ended = sub({ id: 'old', plan: 'pro', status: 'expired', currentPeriodEnd: earlier })
    const active = sub({ id: 'new', plan: 'lite' })
    const pastDue = sub({ id: 'pd', status: 'past_due', currentPeriodEnd: new Date('2026-09-01Z') })
    expect(currentSubscription([ended, pastDue, active], now)?.id).toBe('new')
    expect(currentSubscription([ended, pastDue], now)?.id).toBe('pd')
    expect(currentSubscription([], now)).toBeNull()
  })
  it('no subscription: no plan, status none; an ended one: status expired without a plan', () => {
    expect(userBillingFields(null, now)).toEqual({
      plan: null,
      subscriptionType: null,
      autoRenewal: false,
      subscriptionEndDate: null,
      subscriptionStatus: 'none',
    })
    expect(userBillingFields(cancelled(sub({ currentPeriodEnd: earlier })), now)).toMatchObject({
      plan: null,
      subscriptionStatus: 'expired',
      subscriptionEndDate: earlier,
    })
  })
  it('an active subscription renews automatically', () => {
    expect(userBillingFields(sub({ billingType: 'yearly' }), now)).toEqual({
      plan: 'standard',
      subscriptionType: 'yearly',
      autoRenewal: true,
      subscriptionEndDate: later,
      subscriptionStatus: 'active',
    })
  })
})
