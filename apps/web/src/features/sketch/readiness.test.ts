import { describe, expect, it } from 'vitest'
import { multiAngleCost, multiAngleReadiness, sketchRenderReadiness } from './readiness'

describe('sketch render readiness', () => {
  it('is ready with a sketch, a description and 20 credits', () => {
    expect(sketchRenderReadiness({ hasSketch: true, description: 'a living room', credits: 20 })).toEqual([])
  })
  it('lists every missing thing, in the order of the form', () => {
    expect(sketchRenderReadiness({ hasSketch: false, description: '  ', credits: 5 })).toEqual([
      { code: 'sketch_required', field: 'sketch' },
      { code: 'description_required', field: 'userPrompt' },
      { code: 'insufficient_credits', required: 20, available: 5 },
    ])
  })
})

describe('multi-angle', () => {
  it('costs 20 credits per angle and per sketch', () => {
    expect(multiAngleCost(1, 1)).toBe(20)
    expect(multiAngleCost(4, 1)).toBe(80)
    expect(multiAngleCost(3, 2)).toBe(120)
    expect(multiAngleCost(3, 0)).toBe(60)
  })
  it('needs a file, a building description and at least one angle', () => {
    expect(multiAngleReadiness({ sketches: 0, description: '', angles: 0, credits: 200 })).toEqual([
      { code: 'sketch_required', field: 'sketch' },
      { code: 'building_description_required', field: 'userPrompt' },
      { code: 'angle_required', field: 'angles' },
    ])
  })
  it('checks the balance against every angle of every sketch', () => {
    expect(multiAngleReadiness({ sketches: 1, description: 'villa', angles: 6, credits: 100 })).toEqual([
      { code: 'insufficient_credits', required: 120, available: 100 },
    ])
    expect(multiAngleReadiness({ sketches: 2, description: 'villa', angles: 2, credits: 80 })).toEqual([])
  })
})

describe('multi-angle readiness with the engine’s capabilities', () => {
  it('asks credits only for the angles the engine will make, and refuses when it can make none', () => {
    const base = { sketches: 1, description: 'a villa', angles: 2, credits: 30 }
    expect(multiAngleReadiness({ ...base, doableAngles: 1 })).toEqual([])
    expect(multiAngleReadiness({ ...base, doableAngles: 2 })).toEqual([
      { code: 'insufficient_credits', required: 40, available: 30 },
    ])
    expect(multiAngleReadiness({ ...base, doableAngles: 0 })).toEqual([
      { code: 'not_offered', field: 'angles' },
    ])
  })
})
