import { ERROR_CODES, LANGUAGES } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import landing from '../features/landing/content.json'
import { CLIENT_ERROR_CODES } from '../lib/api'

type Tree = { [key: string]: string | Tree }

const translation = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' })
// every namespace folder (pages, app, and each feature's own), found on disk so a new one is checked too
const namespaced = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' })
const namespaces = [...new Set(Object.keys(namespaced).map((p) => p.split('/')[1]!))].sort()

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}

// a counted text's forms (i18next picks one by the language's plural rules, Intl.PluralRules): key_one, key_few…
const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/
/** The keys with each counted text's forms folded into one: languages differ in how many forms they use. */
const keysOf = (strings: Map<string, string>) => [
  ...new Set([...strings.keys()].map((k) => (PLURAL.exec(k) ? `${PLURAL.exec(k)![1]}_#` : k))),
]
/** The forms the counts a screen shows (0 to 1,000) fall into in this language. */
const pluralForms = (language: string) => {
  const rules = new Intl.PluralRules(language)
  return [...new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)))]
}

// interpolation values and the <tag>…</tag> markup that <Trans> turns into links
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort()

describe.each([
  ['translation', translation, (l: string) => `./${l}.json`] as const,
  ...namespaces.map((ns) => [ns, namespaced, (l: string) => `./${ns}/${l}.json`] as const),
])('locale namespace %s', (_name, files, pathOf) => {
  const english = flatten(files[pathOf('en')] as Tree)

  it('exists for all seven languages', () => {
    for (const language of LANGUAGES) expect(files[pathOf(language)], language).toBeDefined()
  })

  describe.each(LANGUAGES.filter((l) => l !== 'en'))('%s', (language) => {
    const strings = flatten((files[pathOf(language)] ?? {}) as Tree)

    it('has exactly the keys of en.json', () => {
      expect(keysOf(strings).sort()).toEqual(keysOf(english).sort())
    })

    it('has every form of a counted text its language uses', () => {
      // a form missing falls back to English: "3 rooms." in an Arabic sentence
      const counted = keysOf(strings).filter((k) => k.endsWith('_#'))
      const missing = counted.flatMap((k) =>
        pluralForms(language)
          .map((form) => k.replace(/#$/, form))
          .filter((key) => !strings.has(key)),
      )
      expect(missing).toEqual([])
    })

    it('has no empty value', () => {
      for (const [key, value] of strings) expect(value.trim(), key).not.toBe('')
    })

    it('keeps every interpolation placeholder', () => {
      for (const [key, value] of english)
        if (!PLURAL.test(key)) expect(placeholders(strings.get(key) ?? ''), key).toEqual(placeholders(value))
      // each form of a counted text keeps what the English "other" form says
      for (const [key, value] of strings) {
        const base = PLURAL.exec(key)?.[1]
        if (base) expect(placeholders(value), key).toEqual(placeholders(english.get(`${base}_other`) ?? ''))
      }
    })

    it('is a translation, not a copy of English', () => {
      // product and plan names (Parti, Ask Parti, Lite, Pro, Beta…) stay the same in every language
      const words = (v: string) => v.replace(/\{\{\s*\w+\s*\}\}/g, '').trim()
      const same = [...strings].filter(
        ([key, value]) => value === english.get(key) && words(value).length > 12,
      )
      expect(same.map(([key]) => key)).toEqual([])
    })
  })
})

describe('English texts', () => {
  const english = flatten(translation['./en.json'] as Tree)
  it('cover every error code of the contract and of the client', () => {
    for (const code of [...ERROR_CODES, ...CLIENT_ERROR_CODES])
      expect(english.has(`errors.${code}`), code).toBe(true)
  })
  it('have no empty value', () => {
    for (const [key, value] of english) expect(value.trim(), key).not.toBe('')
  })
})

describe('landing content file', () => {
  it('has every testimonial in every language and a rating out of 5', () => {
    expect(landing.testimonials).toHaveLength(3)
    expect(landing.rating.value).toBeLessThanOrEqual(landing.rating.outOf)
    for (const item of landing.testimonials) {
      for (const language of LANGUAGES) {
        expect(
          (item.quote as Record<string, string>)[language]?.trim(),
          `${item.name} ${language}`,
        ).toBeTruthy()
        expect(
          (item.role as Record<string, string>)[language]?.trim(),
          `${item.name} ${language}`,
        ).toBeTruthy()
      }
    }
  })
})
