import { COSTS } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import { prepReadiness, STRAIGHTEN_COST, straightenRequest } from './request'

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
