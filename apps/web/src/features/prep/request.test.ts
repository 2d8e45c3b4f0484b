import { COSTS } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import {
  PREP_COSTS,
  prepEngineOffer,
  prepReadiness,
  prepRequest,
  STRAIGHTEN_COST,
  straightenRequest,
} from './request'

describe('straighten verticals request', () => {
  it('sends the photo as a straighten job, and the chosen page of a PDF', () => {
    const file = new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' })
    const r = straightenRequest({
      kind: 'file',
      file,
      previewUrl: 'data:,',
      previews: ['a', 'b'],
      pages: 2,
      pdfPage: 2,
    })
    const form = r.body as FormData
    expect(r.endpoint).toBe('/render/start')
    expect(form.get('generationType')).toBe('straighten')
    expect((form.get('image') as File).name).toBe('plan.pdf')
    expect(form.get('pdfPage')).toBe('2')
  })

  it('needs a photo and the price in credits', () => {
    expect(STRAIGHTEN_COST).toBe(COSTS.straighten)
    expect(prepReadiness({ hasPhoto: false, credits: 100 })).toEqual([
      { code: 'room_photo_required', field: 'image' },
    ])
    expect(prepReadiness({ hasPhoto: true, credits: STRAIGHTEN_COST })).toEqual([])
    expect(prepReadiness({ hasPhoto: true, credits: STRAIGHTEN_COST - 1 })).toEqual([
      { code: 'insufficient_credits', required: STRAIGHTEN_COST, available: STRAIGHTEN_COST - 1 },
    ])
  })
})

describe('better light request', () => {
  it('sends the strength with the photo, and is priced as the contract says', () => {
    const r = prepRequest(
      'light',
      { kind: 'generation', generationId: 'g1', previewUrl: '/x.jpg' },
      { strength: 40, sky: 'blue' },
    )
    const form = r.body as FormData
    expect(form.get('generationType')).toBe('light')
    expect(form.get('strength')).toBe('40')
    expect(form.get('sourceGenerationId')).toBe('g1')
    expect(PREP_COSTS.light).toBe(COSTS.light)
    expect(prepReadiness({ hasPhoto: true, credits: COSTS.light - 1, tool: 'light' })).toEqual([
      { code: 'insufficient_credits', required: COSTS.light, available: COSTS.light - 1 },
    ])
  })
})

describe('new sky and dusk requests', () => {
  it('a sky sends its mood, dusk nothing more than the photo', () => {
    const photo = { kind: 'generation', generationId: 'g2', previewUrl: '/y.jpg' } as const
    const sky = prepRequest('sky', photo, { strength: 70, sky: 'golden' }).body as FormData
    expect(sky.get('generationType')).toBe('sky')
    expect(sky.get('sky')).toBe('golden')
    expect(sky.get('strength')).toBeNull()
    const dusk = prepRequest('dusk', photo).body as FormData
    expect(dusk.get('generationType')).toBe('dusk')
    expect(dusk.get('sky')).toBeNull()
    expect(PREP_COSTS.sky).toBe(COSTS.sky)
    expect(PREP_COSTS.dusk).toBe(COSTS.dusk)
  })
})

describe('a hosted edit model offered beside the built-in engine', () => {
  const photo = { kind: 'generation', generationId: 'g1', previewUrl: '/x.jpg' } as const

  it('offers a choice for sky and dusk only where two engines serve them, the configured one first', () => {
    expect(prepEngineOffer('dusk', ['fal', 'local'])).toEqual(['fal', 'local'])
    expect(prepEngineOffer('sky', ['openai', 'local'])).toEqual(['openai', 'local'])
    // nothing configured: nothing to choose, the page stays as it was
    expect(prepEngineOffer('dusk', ['local'])).toBeNull()
    expect(prepEngineOffer('dusk', undefined)).toBeNull()
    // the measured corrections are the built-in engine's own
    expect(prepEngineOffer('straighten', ['fal', 'local'])).toBeNull()
  })

  it('sends the chosen engine with a sky or dusk, never with the other corrections', () => {
    const dusk = prepRequest('dusk', photo, { strength: 50, sky: 'blue', engine: 'local' }).body as FormData
    expect(dusk.get('engine')).toBe('local')
    const sky = prepRequest('sky', photo, { strength: 50, sky: 'golden', engine: 'fal' }).body as FormData
    expect(sky.get('engine')).toBe('fal')
    expect(sky.get('sky')).toBe('golden')
    const light = prepRequest('light', photo, { strength: 50, sky: 'blue', engine: 'fal' }).body as FormData
    expect(light.get('engine')).toBeNull()
    expect((prepRequest('dusk', photo).body as FormData).get('engine')).toBeNull()
  })
})
