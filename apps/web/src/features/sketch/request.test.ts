import { describe, expect, it } from 'vitest'
import type { SketchDraft } from './hooks/useSketchDraft'
import { multiAngleRequest, sketchRenderRequest } from './request'

const file = (name: string) => new File(['x'], name, { type: 'image/png' })
const draft = (patch: Partial<SketchDraft>): SketchDraft => ({
  sketches: [{ kind: 'file', file: file('a.png'), previewUrl: 'blob:a' }],
  description: ' a kitchen ',
  buildingDescription: 'a villa',
  styleId: 'ink-wash',
  category: null,
  paletteId: 'japandi',
  useCustomColors: false,
  customColors: ['#112233', '#445566'],
  extraPrompt: 'soft light',
  keepLines: false,
  followLines: 'balanced',
  seed: '42',
  creativity: 30,
  angles: ['front', 'aerial'],
  variations: 1,
  renderIds: [],
  angleIds: [],
  showErrors: false,
  ...patch,
})

describe('sketch render request fields', () => {
  it('asks for variations only when more than one (docs/product.md#variations)', () => {
    expect((sketchRenderRequest(draft({}), false).body as FormData).get('variations')).toBeNull()
    expect((sketchRenderRequest(draft({ variations: 3 }), false).body as FormData).get('variations')).toBe(
      '3',
    )
  })

  it('sends the sketch, the trimmed description, style and palette', () => {
    const form = sketchRenderRequest(draft({}), false).body as FormData
    expect(form.get('generationType')).toBe('sketch-render')
    expect(form.get('userPrompt')).toBe('a kitchen')
    expect(form.get('styleId')).toBe('ink-wash')
    expect(form.get('colorPaletteId')).toBe('japandi')
    expect((form.get('sketch') as File).name).toBe('a.png')
    expect(form.has('customColors')).toBe(false)
    expect(form.has('settings')).toBe(false)
    expect(form.get('followLines')).toBe('balanced')
  })
  it('adds own colours when chosen, and the advanced settings only while they are shown', () => {
    const form = sketchRenderRequest(draft({ useCustomColors: true }), true).body as FormData
    expect(form.get('customColors')).toBe('#112233,#445566')
    expect(form.get('enhancedPrompt')).toBe('soft light')
    expect(form.get('useControlNet')).toBe('false')
    expect(JSON.parse(form.get('settings') as string)).toEqual({ creativity: 0.3, seed: 42 })
  })
})

describe('multi-angle request', () => {
  it('sends every angle, and every sketch of a Pro batch', () => {
    const form = multiAngleRequest(
      draft({
        sketches: [
          { kind: 'file', file: file('a.png'), previewUrl: 'blob:a' },
          { kind: 'file', file: file('b.png'), previewUrl: 'blob:b' },
        ],
      }),
    ).body as FormData
    expect(form.get('generationType')).toBe('multi-angle')
    expect(form.get('userPrompt')).toBe('a villa')
    expect(form.getAll('angles')).toEqual(['front', 'aerial'])
    const strict = multiAngleRequest(draft({ followLines: 'strict' })).body as FormData
    expect(strict.get('followLines')).toBe('strict')
    expect(form.getAll('sketch').map((f) => (f as File).name)).toEqual(['a.png', 'b.png'])
  })
})
