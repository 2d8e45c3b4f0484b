import { describe, expect, it } from 'vitest'
import { canTransition, chargeOf, classify, refundFor, retryDelayMs } from './jobs.ts'
import { priorityFor, subscriptionIsActive } from './priority.ts'

describe('job transitions', () => {
  it('allows the forward path and retries, never leaves a final state', () => {
    expect(canTransition('pending', 'processing')).toBe(true)
    expect(canTransition('processing', 'completed')).toBe(true)
    expect(canTransition('processing', 'pending')).toBe(true)
    expect(canTransition('completed', 'failed')).toBe(false)
    expect(canTransition('failed', 'pending')).toBe(false)
    expect(canTransition('pending', 'completed')).toBe(false)
  })
  it('groups modes into their generation types', () => {
    expect(classify('multi-angle')).toEqual({ generationType: 'sketch-render', type: 'image' })
    expect(classify('inpaint').generationType).toBe('chat-edit')
    expect(classify('animate')).toEqual({ generationType: 'video-render', type: 'video' })
  })
})

describe('refunds', () => {
  it('gives back everything not yet refunded on failure', () => {
    expect(refundFor(200, 0)).toBe(200)
    expect(refundFor(200, 200)).toBe(0)
  })
  it('keeps the price of a completed staging phase', () => {
    expect(refundFor(40, 0, 20)).toBe(20)
  })
})

describe("where a job's credits stand (docs/product.md#credit-holds)", () => {
  it('is held while the job runs, whatever was released', () => {
    expect(chargeOf('pending', 40, 0)).toEqual({ charge: 'held', creditsCharged: 0 })
    expect(chargeOf('processing', 40, 0)).toEqual({ charge: 'held', creditsCharged: 0 })
  })
  it('charges what was delivered once it ended', () => {
    expect(chargeOf('completed', 40, 0)).toEqual({ charge: 'charged', creditsCharged: 40 })
    expect(chargeOf('completed', 40, 20)).toEqual({ charge: 'partly_charged', creditsCharged: 20 })
    expect(chargeOf('failed', 20, 20)).toEqual({ charge: 'not_charged', creditsCharged: 0 })
    expect(chargeOf('completed', 20, 20)).toEqual({ charge: 'not_charged', creditsCharged: 0 })
  })
  it('a free job: charged nothing when it completed, not charged when it failed', () => {
    expect(chargeOf('completed', 0, 0)).toEqual({ charge: 'charged', creditsCharged: 0 })
    expect(chargeOf('failed', 0, 0)).toEqual({ charge: 'not_charged', creditsCharged: 0 })
  })
})

describe('priority by plan', () => {
  it('orders pro > standard > lite > free', () => {
    const p = (plan: string | null) => priorityFor(plan, plan !== null)
    expect(p('pro')).toBeGreaterThan(p('standard'))
    expect(p('standard')).toBeGreaterThan(p('lite'))
    expect(p('lite')).toBeGreaterThan(p(null))
    expect(priorityFor('pro', false)).toBe(0)
  })
  it('keeps a cancelled plan until its end date', () => {
    const now = new Date('2026-06-01')
    expect(subscriptionIsActive('cancelled', new Date('2026-07-01'), now)).toBe(true)
    expect(subscriptionIsActive('cancelled', new Date('2026-05-01'), now)).toBe(false)
    expect(subscriptionIsActive('none', null, now)).toBe(false)
  })
})

describe('retry backoff', () => {
  it('doubles and caps', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(2000)
    expect(retryDelayMs(3, () => 0.5)).toBe(8000)
    expect(retryDelayMs(20, () => 0.5)).toBe(60000)
  })
})
