import { describe, expect, it } from 'vitest'
import { formatWait } from './estimate'

describe('formatWait', () => {
  it('says seconds under a minute and a half, whole minutes after', () => {
    expect(formatWait(3_400, 'en')).toBe('3 seconds')
    expect(formatWait(200, 'en')).toBe('1 second')
    expect(formatWait(65_000, 'en')).toBe('65 seconds')
    expect(formatWait(150_000, 'en')).toBe('3 minutes')
  })
  it('speaks the UI language', () => {
    expect(formatWait(4_000, 'de')).toBe('4 Sekunden')
    expect(formatWait(4_000, 'ar')).toMatch(/ثوان|ثانية/)
  })
})
