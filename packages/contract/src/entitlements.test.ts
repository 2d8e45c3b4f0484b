import { describe, expect, it } from 'vitest'
import { PRO_BATCH_LIMIT } from './constants.ts'
import {
  apiAccessNow,
  entitlements,
  type PlanProfile,
  planBenefits,
  subscriptionActive,
} from './entitlements.ts'

const now = new Date('2026-06-01T12:00:00Z')
const later = new Date('2026-07-01T00:00:00Z')
const earlier = new Date('2026-05-01T00:00:00Z')
const profile = (plan: string | null, subscriptionStatus = 'active', end: Date | string | null = later) =>
  ({ plan, subscriptionStatus, subscriptionEndDate: end }) satisfies PlanProfile

describe('entitlements by plan', () => {
  it('no plan: personal licence, default models, one sketch at a time, no API', () => {
    expect(entitlements(profile(null, 'none', null), now)).toEqual({
      plan: null,
      active: false,
      licence: 'personal',
      priority: 0,
      modelTiers: ['default'],
      premiumVideo: false,
      experimentalModels: false,
      unlimitedStyles: false,
      batchLimit: 1,
      apiAccess: false,
    })
  })

  it('Lite: the personal licence, queued ahead of free jobs', () => {
    const lite = entitlements(profile('lite'), now)
    expect(lite).toMatchObject({ plan: 'lite', active: true, licence: 'personal', batchLimit: 1 })
    expect(lite.priority).toBeGreaterThan(entitlements(profile(null, 'none', null), now).priority)
    expect(lite.modelTiers).toEqual(['default'])
    expect(lite.premiumVideo).toBe(false)
  })

  it('Standard adds premium video models, priority processing and the commercial licence', () => {
    const standard = entitlements(profile('standard'), now)
    expect(standard).toMatchObject({
      licence: 'commercial',
      premiumVideo: true,
      batchLimit: 1,
      apiAccess: false,
    })
    expect(standard.modelTiers).toEqual(['premium', 'default'])
    expect(standard.priority).toBeGreaterThan(entitlements(profile('lite'), now).priority)
  })

  it('Pro adds experimental models, unlimited styles, batch processing and API access', () => {
    const pro = entitlements(profile('pro'), now)
    expect(pro).toMatchObject({
      licence: 'commercial',
      premiumVideo: true,
      experimentalModels: true,
      unlimitedStyles: true,
      batchLimit: PRO_BATCH_LIMIT,
      apiAccess: true,
    })
    expect(pro.modelTiers).toEqual(['experimental', 'premium', 'default'])
    expect(pro.priority).toBeGreaterThan(entitlements(profile('standard'), now).priority)
  })

  it('an unknown plan name gets nothing', () => {
    expect(entitlements(profile('enterprise'), now)).toMatchObject({ plan: null, active: false, priority: 0 })
    expect(planBenefits('enterprise').batchLimit).toBe(1)
  })
})

describe('subscription state', () => {
  it('a cancelled subscription keeps its benefits until its end date', () => {
    expect(entitlements(profile('pro', 'cancelled', later), now)).toMatchObject({
      plan: 'pro',
      batchLimit: 10,
    })
    expect(entitlements(profile('pro', 'cancelled', earlier), now)).toMatchObject({
      plan: null,
      batchLimit: 1,
    })
    expect(entitlements(profile('pro', 'cancelled', null), now).active).toBe(false)
  })

  it('a lapsed subscription is no plan: expired, failing payment, or none', () => {
    for (const status of ['expired', 'past_due', 'none']) {
      const e = entitlements(profile('pro', status), now)
      expect(e, status).toMatchObject({ plan: null, active: false, priority: 0, apiAccess: false })
      expect(e.modelTiers).toEqual(['default'])
    }
  })

  it('reads the end date as the browser has it (an ISO string) or as the server does (a Date)', () => {
    expect(
      subscriptionActive({ subscriptionStatus: 'cancelled', subscriptionEndDate: later.toISOString() }, now),
    ).toBe(true)
    expect(subscriptionActive({ subscriptionStatus: 'cancelled', subscriptionEndDate: earlier }, now)).toBe(
      false,
    )
    expect(
      subscriptionActive({ subscriptionStatus: 'cancelled', subscriptionEndDate: 'not a date' }, now),
    ).toBe(false)
    expect(subscriptionActive({ subscriptionStatus: 'active', subscriptionEndDate: null }, now)).toBe(true)
  })

  it('apiAccessNow says what entitlements().apiAccess says, for every plan, status and end date', () => {
    for (const plan of ['lite', 'standard', 'pro', 'gold', null]) {
      for (const subscriptionStatus of ['active', 'cancelled', 'expired', 'past_due', 'none']) {
        for (const subscriptionEndDate of [null, earlier, later, later.toISOString()]) {
          const p = { plan, subscriptionStatus, subscriptionEndDate }
          expect(apiAccessNow(p, now), JSON.stringify(p)).toBe(entitlements(p, now).apiAccess)
        }
      }
    }
  })
})
