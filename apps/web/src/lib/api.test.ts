import { ERROR_CODES } from '@parti/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testI18n } from '../test/render'
import { ApiError, api, apiRequest, codeForStatus, toApiError } from './api'
import { errorText } from './errors'

function respond(status: number, body: unknown) {
  return vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  )
}

describe('toApiError', () => {
  it('keeps code, message and details of the one error shape', () => {
    const error = toApiError(402, {
      error: {
        code: 'insufficient_credits',
        message: 'Insufficient credits',
        details: { required: 200, available: 40 },
      },
    })
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 402,
      code: 'insufficient_credits',
      message: 'Insufficient credits',
    })
    expect(error.details).toEqual({ required: 200, available: 40 })
  })

  it('falls back to the status when the code is unknown or the body is not ours', () => {
    expect(toApiError(429, { error: { code: 'slow_down', message: 'x' } }).code).toBe('rate_limited')
    expect(toApiError(502, null).code).toBe('unavailable')
    expect(toApiError(418, '<html>').code).toBe('internal')
  })

  it('maps every status the server uses to a catalogue code', () => {
    for (const status of [400, 401, 402, 403, 404, 409, 413, 415, 422, 429, 500, 503])
      expect(ERROR_CODES).toContain(codeForStatus(status))
  })
})

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('calls /api with the session cookie and the UI language, and sends JSON', async () => {
    const fetch = respond(201, { success: true })
    vi.stubGlobal('fetch', fetch)
    await api.post('/contact/messages', { name: 'A' })
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('/api/contact/messages')
    expect(init?.credentials).toBe('include')
    expect(init?.method).toBe('POST')
    const headers = init?.headers as Record<string, string>
    expect(headers['Accept-Language']).toBeTruthy()
    expect(headers['Content-Type']).toBe('application/json')
    expect(headers.Authorization).toBeUndefined()
    expect(init?.body).toBe('{"name":"A"}')
  })

  it('throws a typed ApiError for an error answer', async () => {
    vi.stubGlobal('fetch', respond(401, { error: { code: 'invalid_credentials', message: 'Incorrect' } }))
    await expect(api.post('/auth/sign-in', {})).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
    })
  })

  it('turns a network failure into network_error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    await expect(api.get('/health')).rejects.toMatchObject({ status: 0, code: 'network_error' })
  })

  it('gives up after the timeout with code timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    )
    await expect(apiRequest('/slow', { timeoutMs: 20 })).rejects.toMatchObject({ code: 'timeout' })
  })
})

describe('errorText', () => {
  it('shows the translated catalogue text, with the credits needed filled in', async () => {
    const i18n = await testI18n('en')
    const short = new ApiError(402, 'insufficient_credits', 'x', { required: 200, available: 40 })
    expect(errorText(i18n.t, short)).toBe('You need 200 credits. Please purchase more credits.')
    expect(errorText(i18n.t, new ApiError(409, 'email_taken', 'server text'))).toBe(
      'An account with this e-mail already exists.',
    )
    expect(errorText(i18n.t, new Error('boom'))).toBe('Something went wrong on our side. Please try again.')
  })

  it('speaks the UI language', async () => {
    const i18n = await testI18n('ar')
    expect(errorText(i18n.t, new ApiError(401, 'invalid_credentials', 'x'))).toBe(
      'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    )
  })
})
