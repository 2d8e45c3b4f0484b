import type { AdminStyle } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LOOK, draftOf, draftProblems, inputOf } from './styleForm'

const existing = {
  id: 'clay-model',
  name: 'Clay Model',
  category: 'Graphic',
  categoryId: 'graphic',
  prompt: 'p',
  negativePrompt: 'n',
  qualityPrompt: 'q',
  active: false,
  localParams: { ...DEFAULT_LOOK, look: 'clay' },
} as AdminStyle

describe('the style form', () => {
  it('keeps the image of a style it edits unless told otherwise', () => {
    const input = inputOf(draftOf(existing))
    expect(input).toMatchObject({ name: 'Clay Model', category: 'Graphic', active: false, prompt: 'p' })
    expect('imageUrl' in input).toBe(false)
  })

  it('sends null to draw the card, the upload address, or the typed address', () => {
    const draft = draftOf(existing)
    expect(inputOf({ ...draft, image: { kind: 'drawn' } }).imageUrl).toBeNull()
    expect(
      inputOf({ ...draft, image: { kind: 'uploaded', imageUrl: '/api/style-images/x.png' } }).imageUrl,
    ).toBe('/api/style-images/x.png')
    expect(inputOf({ ...draft, image: { kind: 'url', url: ' https://cdn.test/a.jpg ' } }).imageUrl).toBe(
      'https://cdn.test/a.jpg',
    )
  })

  it('starts a new style active, with the default look and no image of its own', () => {
    expect(draftOf(null, 'Graphic')).toMatchObject({
      active: true,
      look: DEFAULT_LOOK,
      image: { kind: 'drawn' },
    })
  })

  it('names what is missing', () => {
    expect(draftProblems({ ...draftOf(null), name: ' ' })).toEqual(['name', 'category'])
    expect(draftProblems({ ...draftOf(existing), image: { kind: 'url', url: 'ftp://x' } })).toEqual([
      'imageUrl',
    ])
    expect(draftProblems(draftOf(existing))).toEqual([])
  })
})
