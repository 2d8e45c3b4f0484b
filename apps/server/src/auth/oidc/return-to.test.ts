import { describe, expect, it } from 'vitest'
import { safeReturnTo, withParam } from './return-to.ts'

describe('returnTo after signing in', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnTo('/gallery?tab=images#top')).toBe('/gallery?tab=images#top')
    expect(safeReturnTo('/sketch')).toBe('/sketch')
  })

  it.each([
    undefined,
    '',
    'gallery',
    'https://evil.test/',
    '//evil.test/x',
    '/\\evil.test',
    '/\t/evil.test',
    'javascript:alert(1)',
    '/api/user/profile',
    '/api',
  ])('sends %j home', (raw) => {
    expect(safeReturnTo(raw)).toBe('/')
  })

  it('adds a parameter before the hash', () => {
    expect(withParam('/gallery?tab=images#top', 'signedIn', 'google')).toBe(
      '/gallery?tab=images&signedIn=google#top',
    )
    expect(withParam('/', 'signedIn', 'apple')).toBe('/?signedIn=apple')
  })
})
