import { describe, expect, it } from 'vitest'
import { STAGING_COST, stagingReadiness } from './readiness'

describe('home staging readiness', () => {
  it('costs 40 credits: 20 cleaning and 20 staging', () => {
    expect(STAGING_COST).toBe(40)
  })
  it('is ready with a room photo and 40 credits', () => {
    expect(stagingReadiness({ hasPhoto: true, credits: 40 })).toEqual([])
  })
  it('asks for the room photo, then for credits', () => {
    expect(stagingReadiness({ hasPhoto: false, credits: 39 })).toEqual([
      { code: 'room_photo_required', field: 'image' },
      { code: 'insufficient_credits', required: 40, available: 39 },
    ])
  })
})

describe('home staging readiness with the engine’s capabilities', () => {
  it('asks only for the credits of the steps that run', () => {
    expect(stagingReadiness({ hasPhoto: true, credits: 30, cost: 20 })).toEqual([])
    expect(stagingReadiness({ hasPhoto: true, credits: 10, cost: 20 })).toEqual([
      { code: 'insufficient_credits', required: 20, available: 10 },
    ])
  })
  it('says the engine cannot do what was asked, pointing at the options', () => {
    expect(stagingReadiness({ hasPhoto: true, credits: 100, cost: 0, refused: true })).toEqual([
      { code: 'not_offered', field: 'options' },
    ])
  })
})
