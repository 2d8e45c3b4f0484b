import { describe, expect, it } from 'vitest'
import { colourName, enhancePrompt } from './prompt.ts'

describe('enhanced prompt', () => {
  it('joins user prompt, style, palette in words and quality, and keeps the negative prompt apart', () => {
    const r = enhancePrompt({
      userPrompt: 'a two-storey house with a flat roof',
      style: { prompt: 'marker rendering', qualityPrompt: 'high detail', negativePrompt: 'blurry' },
      palette: { name: 'Nordic Light', colors: ['#EEF2F4'], description: 'pale birch and slate' },
    })
    expect(r.prompt).toBe(
      'a two-storey house with a flat roof, marker rendering, Nordic Light palette (pale birch and slate), high detail',
    )
    expect(r.negativePrompt).toBe('blurry')
  })
  it('prefers custom colours over the palette', () => {
    const r = enhancePrompt({
      userPrompt: 'x',
      customColors: ['#FF0000', '#FFFFFF'],
      palette: { name: 'P', colors: [] },
    })
    expect(r.prompt).toBe('x, colour scheme red, white')
  })
})

describe('colour names', () => {
  it('names hues and tones', () => {
    expect(colourName('#1F5F8B')).toBe('blue')
    expect(colourName('#D98F6C')).toMatch(/orange/)
    expect(colourName('#FAFAFA')).toBe('white')
    expect(colourName('#424242')).toBe('charcoal')
  })
})
