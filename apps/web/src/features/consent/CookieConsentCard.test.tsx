import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readStored } from '../../lib/storage'
import { renderWithApp } from '../../test/render'
import { CookieConsentCard } from './CookieConsentCard'

describe('CookieConsentCard', () => {
  const fetch = vi.fn(async () => new Response('{"success":true}', { status: 201 }))
  beforeEach(() => {
    localStorage.clear()
    vi.stubGlobal('fetch', fetch)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('records the choice in the browser and on the server, then disappears', async () => {
    await renderWithApp(<CookieConsentCard />)
    fireEvent.click(screen.getByRole('button', { name: 'Necessary only' }))
    expect(screen.queryByTestId('cookie-consent')).toBeNull()
    expect(readStored('cookieConsent')).toMatchObject({ accepted: false, categories: ['necessary'] })
    const [url, init] = (fetch.mock.calls[0] ?? []) as unknown as [string, RequestInit]
    expect(url).toBe('/api/consent')
    expect(JSON.parse(String(init.body))).toEqual({ accepted: false, categories: ['necessary'] })
  })

  it('stays hidden once a choice is stored', async () => {
    localStorage.setItem(
      'parti.cookie-consent',
      JSON.stringify({
        v: 1,
        value: { accepted: true, categories: ['necessary'], decidedAt: '2026-01-01T00:00:00Z' },
      }),
    )
    await renderWithApp(<CookieConsentCard />)
    expect(screen.queryByTestId('cookie-consent')).toBeNull()
  })
})
