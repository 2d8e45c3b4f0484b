import { describe, expect, it } from 'vitest'
import { nextPath, signInFor } from './nextPath'

describe('the page asked for before signing in', () => {
  it('round-trips a page of the site, with its query', () => {
    expect(nextPath(signInFor('/pricing').slice(1))).toBe('/pricing')
    expect(nextPath(signInFor('/gallery?tab=videos').slice(1))).toBe('/gallery?tab=videos')
    expect(signInFor('/')).toBe('/')
  })
  it('never follows another site', () => {
    expect(nextPath('?next=//evil.example/x')).toBeNull()
    expect(nextPath('?next=https://evil.example')).toBeNull()
    expect(nextPath('?next=/\\evil.example')).toBeNull()
    expect(nextPath('')).toBeNull()
  })
})
