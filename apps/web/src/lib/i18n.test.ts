import { afterEach, describe, expect, it } from 'vitest'
import { changeLanguage, detectLanguage, directionOf, initI18n } from './i18n'
import { readStored } from './storage'

describe('language detection (stored, then browser, then page)', () => {
  it('prefers the stored choice', () => {
    expect(detectLanguage('de', ['fr-FR'], 'es')).toBe('de')
  })
  it('then the first supported browser language, by its base code', () => {
    expect(detectLanguage(null, ['ja-JP', 'pt-BR', 'fr'], 'es')).toBe('pt')
  })
  it('then the page language', () => {
    expect(detectLanguage(null, ['ja'], 'nl')).toBe('nl')
  })
  it('falls back to English', () => {
    expect(detectLanguage(null, ['ja', 'zh-CN'], null)).toBe('en')
  })
  it('writes Arabic right to left and the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl')
    for (const language of ['en', 'es', 'fr', 'pt', 'de', 'nl']) expect(directionOf(language)).toBe('ltr')
  })
})

describe('what is remembered', () => {
  afterEach(() => localStorage.clear())
  it('stores a language the visitor chose, never the one detected at start', async () => {
    localStorage.clear()
    await initI18n()
    expect(readStored('language')).toBeNull()
    await changeLanguage('fr')
    expect(readStored('language')).toBe('fr')
    expect(detectLanguage(undefined, ['de-DE'], null)).toBe('fr')
  })
})
