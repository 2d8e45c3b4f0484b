import type { UserProfile } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import { initialBilling, parseEndDate, planAction, subscriptionView } from './subscription'

const now = new Date('2026-03-15T12:00:00Z')
const user = (over: Partial<UserProfile> = {}): UserProfile => ({
  uid: 'u1',
  email: 'a@b.c',
  name: null,
  photoURL: null,
  role: 'user',
  plan: 'standard',
  subscriptionType: 'monthly',
  autoRenewal: true,
  subscriptionEndDate: '2026-04-15T12:00:00.000Z',
  subscriptionStatus: 'active',
  credits: 100,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
})

describe('end date (string, number, or a timestamp object)', () => {
  const expected = new Date('2026-04-15T12:00:00Z').getTime()
  it('reads every shape', () => {
    expect(parseEndDate('2026-04-15T12:00:00.000Z')?.getTime()).toBe(expected)
    expect(parseEndDate(expected / 1000)?.getTime()).toBe(expected)
    expect(parseEndDate(expected)?.getTime()).toBe(expected)
    expect(parseEndDate(String(expected / 1000))?.getTime()).toBe(expected)
    expect(parseEndDate({ seconds: expected / 1000, nanoseconds: 0 })?.getTime()).toBe(expected)
    expect(parseEndDate({ _seconds: expected / 1000, _nanoseconds: 5e6 })?.getTime()).toBe(expected + 5)
  })
  it('no date for nothing or nonsense', () => {
    expect(parseEndDate(null)).toBeNull()
    expect(parseEndDate('')).toBeNull()
    expect(parseEndDate('soon')).toBeNull()
    expect(parseEndDate({})).toBeNull()
  })
})

describe('subscription states', () => {
  it('none, active, cancelling until the end date, past due', () => {
    expect(subscriptionView(null, now).state).toBe('none')
    expect(subscriptionView(user({ plan: null, subscriptionStatus: 'none' }), now).state).toBe('none')
    expect(subscriptionView(user(), now)).toMatchObject({
      state: 'active',
      plan: 'standard',
      autoRenewal: true,
    })
    expect(subscriptionView(user({ subscriptionStatus: 'cancelled', autoRenewal: false }), now).state).toBe(
      'cancelling',
    )
    expect(
      subscriptionView(
        user({ subscriptionStatus: 'cancelled', subscriptionEndDate: '2026-03-01T00:00:00Z' }),
        now,
      ).state,
    ).toBe('none')
    expect(
      subscriptionView(user({ subscriptionStatus: 'cancelled', subscriptionEndDate: null }), now),
    ).toMatchObject({
      state: 'cancelling',
      endDate: null,
    })
    expect(subscriptionView(user({ subscriptionStatus: 'past_due' }), now).state).toBe('past_due')
    expect(subscriptionView(user({ subscriptionStatus: 'expired', plan: null }), now).state).toBe('none')
  })

  it('plan buttons: the current plan, a change through the portal, or a checkout', () => {
    const active = subscriptionView(user(), now)
    expect(planAction(active, 'standard', 'monthly')).toBe('current')
    expect(planAction(active, 'standard', 'yearly')).toBe('change')
    expect(planAction(active, 'pro', 'monthly')).toBe('change')
    const cancelling = subscriptionView(user({ subscriptionStatus: 'cancelled' }), now)
    expect(planAction(cancelling, 'standard', 'monthly')).toBe('current')
    expect(planAction(cancelling, 'lite', 'monthly')).toBe('change')
    expect(planAction(subscriptionView(null, now), 'pro', 'yearly')).toBe('subscribe')
  })

  it('the billing toggle follows the subscription type', () => {
    expect(initialBilling(subscriptionView(user({ subscriptionType: 'yearly' }), now))).toBe('yearly')
    expect(initialBilling(subscriptionView(user(), now))).toBe('monthly')
    expect(initialBilling(subscriptionView(null, now))).toBe('monthly')
  })
})
