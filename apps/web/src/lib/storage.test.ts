import { PERSISTENT_JOB_EXPIRY_MS } from '@parti/contract'
import { beforeEach, describe, expect, it } from 'vitest'
import { loadPersistentJobs, readStored, STORAGE_KEYS, writeStored } from './storage'

describe('browser storage', () => {
  beforeEach(() => localStorage.clear())

  it('defines every key once, each with a version', () => {
    const names = Object.values(STORAGE_KEYS).map((k) => k.name)
    expect(new Set(names).size).toBe(names.length)
    for (const key of [
      'renderHistory',
      'videoHistory',
      'favoriteImages',
      'persistentJobs',
      'cookieConsent',
      'language',
      'theme',
    ])
      expect(STORAGE_KEYS).toHaveProperty(key)
    for (const key of Object.values(STORAGE_KEYS)) expect(key.version).toBeGreaterThanOrEqual(1)
  })

  it('round-trips a valid value inside a versioned envelope', () => {
    expect(writeStored('theme', 'dark')).toBe(true)
    expect(JSON.parse(localStorage.getItem('parti.theme') ?? '')).toEqual({ v: 1, value: 'dark' })
    expect(readStored('theme')).toBe('dark')
  })

  it('returns null for a missing key', () => {
    expect(readStored('language')).toBeNull()
  })

  it.each([
    ['unparsable JSON', '{not json'],
    ['a bare value without envelope', '"dark"'],
    ['another version', JSON.stringify({ v: 2, value: 'dark' })],
    ['a value outside the schema', JSON.stringify({ v: 1, value: 'sepia' })],
  ])('drops %s and reports nothing stored', (_case, raw) => {
    localStorage.setItem('parti.theme', raw)
    expect(readStored('theme')).toBeNull()
    expect(localStorage.getItem('parti.theme')).toBeNull()
  })

  it('refuses to store a value outside the schema', () => {
    // @ts-expect-error: the type already forbids it; the runtime check is the second line of defence
    expect(writeStored('language', 'klingon')).toBe(false)
    expect(localStorage.getItem('parti.language')).toBeNull()
  })

  it('checks nested shapes: cookie consent needs known categories', () => {
    localStorage.setItem(
      'parti.cookie-consent',
      JSON.stringify({ v: 1, value: { accepted: true, categories: ['tracking'], decidedAt: 'x' } }),
    )
    expect(readStored('cookieConsent')).toBeNull()
    writeStored('cookieConsent', {
      accepted: false,
      categories: ['necessary'],
      decidedAt: '2026-11-21T00:00:00Z',
    })
    expect(readStored('cookieConsent')?.categories).toEqual(['necessary'])
  })

  it('discards persisted jobs older than 10 minutes on load', () => {
    const now = 1_800_000_000_000
    writeStored('persistentJobs', [
      { id: 'fresh', generationType: 'video-render', createdAt: now - 60_000 },
      { id: 'stale', generationType: 'sketch-render', createdAt: now - PERSISTENT_JOB_EXPIRY_MS - 1 },
      { id: 'future', generationType: 'chat-edit', createdAt: now + 60_000 },
    ])
    expect(loadPersistentJobs(now).map((j) => j.id)).toEqual(['fresh'])
    expect(readStored('persistentJobs')?.map((j) => j.id)).toEqual(['fresh'])
  })

  it('drops a persisted job list with an unknown generation type', () => {
    localStorage.setItem(
      'parti.persistent-jobs',
      JSON.stringify({ v: 1, value: [{ id: 'a', generationType: 'teleport', createdAt: 1 }] }),
    )
    expect(loadPersistentJobs()).toEqual([])
  })
})
