import { PLAN_NAMES } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import {
  aLaCarteOrder,
  planPackOrder,
  productName,
  subscriptionPrice,
  yearlyDiscountPercent,
} from './pricing.ts'

describe('plan prices', () => {
  it('monthly: Lite EUR 12, Standard EUR 39, Pro EUR 99, with the month’s credits', () => {
    expect(subscriptionPrice('lite', 'monthly')).toMatchObject({
      amountCents: 1200,
      interval: 'month',
      creditsPerPeriod: 2400,
    })
    expect(subscriptionPrice('standard', 'monthly')).toMatchObject({
      amountCents: 3900,
      creditsPerPeriod: 7800,
    })
    expect(subscriptionPrice('pro', 'monthly')).toMatchObject({ amountCents: 9900, creditsPerPeriod: 19800 })
  })

  it('yearly: billed once a year at 20% off (Pro rounds to EUR 79 a month = EUR 948)', () => {
    expect(subscriptionPrice('lite', 'yearly')).toMatchObject({ amountCents: 11520, interval: 'year' })
    expect(subscriptionPrice('standard', 'yearly').amountCents).toBe(37440)
    expect(subscriptionPrice('pro', 'yearly').amountCents).toBe(94800)
    for (const plan of PLAN_NAMES) expect(yearlyDiscountPercent(plan), plan).toBe(20)
  })

  it('a yearly payment adds the year’s credits at once', () => {
    expect(subscriptionPrice('standard', 'yearly').creditsPerPeriod).toBe(12 * 7800)
  })

  it('every plan is priced at 200 credits per euro, the à la carte rate', () => {
    for (const plan of PLAN_NAMES) {
      const { amountCents, credits } = planPackOrder(plan)
      expect(credits, plan).toBe((amountCents / 100) * 200)
    }
  })
})

describe('à la carte', () => {
  it('EUR 5 buys 1,000 credits, EUR 25 5,000, EUR 50 10,000, EUR 1 200', () => {
    expect(aLaCarteOrder(5, 1000)).toEqual({ ok: true, order: { amountCents: 500, credits: 1000 } })
    expect(aLaCarteOrder(25, 5000)).toMatchObject({ ok: true })
    expect(aLaCarteOrder(50, 10000)).toMatchObject({ ok: true })
    expect(aLaCarteOrder(1, 200)).toEqual({ ok: true, order: { amountCents: 100, credits: 200 } })
  })

  it('refuses less than EUR 1, fractions, and credits that are not amount × 200', () => {
    expect(aLaCarteOrder(0, 0)).toMatchObject({ ok: false, field: 'amount' })
    expect(aLaCarteOrder(-5, -1000)).toMatchObject({ ok: false, field: 'amount' })
    expect(aLaCarteOrder(2.5, 500)).toMatchObject({ ok: false, field: 'amount' })
    expect(aLaCarteOrder(5, 1001)).toMatchObject({ ok: false, field: 'credits' })
    expect(aLaCarteOrder(5, 100000)).toMatchObject({
      ok: false,
      message: 'credits: must be amount × 200 (1000 for 5 EUR)',
    })
  })

  it('refuses more than the largest single purchase', () => {
    expect(aLaCarteOrder(5001, 5001 * 200)).toMatchObject({ ok: false, field: 'amount' })
    expect(aLaCarteOrder(5000, 5000 * 200)).toMatchObject({ ok: true })
  })
})

describe('product names on the provider’s checkout', () => {
  it('name the plan and period, or the credits with separators', () => {
    expect(productName({ kind: 'subscription', plan: 'standard', billingType: 'yearly' })).toBe(
      'Parti Standard (yearly)',
    )
    expect(productName({ kind: 'credits', credits: 10000 })).toBe('10,000 Parti credits')
  })
})
