import { LANGUAGES } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import { en } from './locales/en.ts'
import { MAIL_TEXTS } from './locales/index.ts'
import { mailLanguage, renderMail } from './render.ts'
import { mailRetryDelayMs } from './worker.ts'

type Tree = { [key: string]: string | Tree }
const flatten = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  )
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

describe('mail texts', () => {
  const english = new Map(flatten(en))
  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every text, translated, with its placeholders',
    (l) => {
      const texts = new Map(flatten(MAIL_TEXTS[l] as unknown as Tree))
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort())
      for (const [key, value] of texts) {
        expect(value.trim(), key).not.toBe('')
        expect(placeholders(value), key).toEqual(placeholders(english.get(key)!))
        if (value.length > 12) expect(value, key).not.toBe(english.get(key))
      }
    },
  )

  it('renders plain text and HTML, escaping what the user wrote, right to left in Arabic', () => {
    const m = renderMail(
      { kind: 'contact-forward', name: 'A <b>', email: 'a@b.test', subject: 'Hi & bye', message: '<script>' },
      'ar',
    )
    expect(m.subject).toBe('نموذج الاتصال: Hi & bye')
    expect(m.text).toContain('<script>')
    expect(m.html).toContain('&lt;script&gt;')
    expect(m.html).not.toContain('<script>')
    expect(m.html).toContain('dir="rtl"')
    expect(m.replyTo).toBe('a@b.test')
  })

  it('falls back to English for an unknown or missing language', () => {
    expect(mailLanguage(null)).toBe('en')
    expect(mailLanguage('xx')).toBe('en')
    expect(mailLanguage('de')).toBe('de')
  })
})

describe('mail retry delays', () => {
  it('double from the base, within ±20%, capped at an hour', () => {
    expect(mailRetryDelayMs(1, 30_000, () => 0.5)).toBe(30_000)
    expect(mailRetryDelayMs(3, 30_000, () => 0.5)).toBe(120_000)
    expect(mailRetryDelayMs(2, 30_000, () => 0)).toBe(48_000)
    expect(mailRetryDelayMs(2, 30_000, () => 1)).toBe(72_000)
    expect(mailRetryDelayMs(20, 30_000, () => 0.5)).toBe(3_600_000)
  })
})
