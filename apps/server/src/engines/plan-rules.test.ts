import { describe, expect, it } from 'vitest'
import { modelForPlan, tiersFor } from './plan-rules.ts'

const video = { default: 'kling-standard', premium: 'kling-master', experimental: 'new-video' }

describe('plan rules for models', () => {
  it('free and Lite jobs use the default model', () => {
    expect(modelForPlan(video, { name: null, active: false })).toEqual({
      model: 'kling-standard',
      tier: 'default',
    })
    expect(modelForPlan(video, { name: 'lite', active: true }).model).toBe('kling-standard')
  })

  it('Standard unlocks premium models, Pro experimental ones', () => {
    expect(modelForPlan(video, { name: 'standard', active: true })).toEqual({
      model: 'kling-master',
      tier: 'premium',
    })
    expect(modelForPlan(video, { name: 'pro', active: true })).toEqual({
      model: 'new-video',
      tier: 'experimental',
    })
  })

  it('a plan whose subscription lapsed falls back to the default', () => {
    expect(modelForPlan(video, { name: 'pro', active: false }).model).toBe('kling-standard')
  })

  it('Pro falls back to premium, then default, when a tier is not configured', () => {
    expect(modelForPlan({ default: 'a', premium: 'b' }, { name: 'pro', active: true }).model).toBe('b')
    expect(modelForPlan({ default: 'a' }, { name: 'pro', active: true }).model).toBe('a')
    expect(tiersFor({ name: 'standard', active: true })).toEqual(['premium', 'default'])
  })
})
