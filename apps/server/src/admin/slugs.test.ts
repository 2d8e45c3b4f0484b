import { describe, expect, it } from 'vitest'
import { SLUG, slugify, uniqueSlug } from './slugs.ts'

describe('style ids', () => {
  it('are the slug of the name', () => {
    expect(slugify('Marker Presentation')).toBe('marker-presentation')
    expect(slugify('  Béton brut — 1960s!  ')).toBe('beton-brut-1960s')
    expect(slugify('Ink & Wash / Night')).toBe('ink-wash-night')
    expect(slugify('مخطط')).toBe('style')
    expect(slugify('x'.repeat(80))).toHaveLength(60)
    for (const s of ['marker-presentation', 'beton-brut-1960s']) expect(SLUG.test(s)).toBe(true)
    for (const s of ['Marker', 'a--b', '-a', 'a_b', '']) expect(SLUG.test(s)).toBe(false)
  })

  it('get a number when the slug is taken', () => {
    expect(uniqueSlug('clay', new Set())).toBe('clay')
    expect(uniqueSlug('clay', new Set(['clay', 'clay-2']))).toBe('clay-3')
  })
})
