import { ANIMATE_TIMEOUT_MS, CLIENT_TIMEOUT_MS, ERROR_CODES } from '@parti/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testI18n } from '../test/render'
import { ApiError, api, apiRequest, call, codeForStatus, toApiError } from './api'
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

describe('call', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('fills the path parameters, writes the query and sends the body as JSON', async () => {
    const fetch = respond(200, { generation: { id: 'a/b' } })
    vi.stubGlobal('fetch', fetch)
    await call('PATCH /user/generations/{id}/favorite', { params: { id: 'a/b' }, body: { favorite: true } })
    await call('GET /user/generations', { query: { type: 'video', q: 'a b', cursor: undefined, limit: 24 } })
    const [patchUrl, patch] = fetch.mock.calls[0] as [string, RequestInit]
    const [listUrl, list] = fetch.mock.calls[1] as [string, RequestInit]
    expect(patchUrl).toBe('/api/user/generations/a%2Fb/favorite')
    expect(patch.method).toBe('PATCH')
    expect(patch.body).toBe('{"favorite":true}')
    expect(patch.credentials).toBe('include')
    expect(listUrl).toBe('/api/user/generations?type=video&q=a+b&limit=24')
    expect(list.method).toBe('GET')
    expect(list.body).toBeUndefined()
  })

  it('sends FormData as multipart, untouched', async () => {
    const fetch = respond(202, { generations: [], batchId: 'b' })
    vi.stubGlobal('fetch', fetch)
    const body = new FormData()
    await expect(call('POST /render/start', { body })).resolves.toEqual({ generations: [], batchId: 'b' })
    const init = fetch.mock.calls[0]![1]!
    expect(init.body).toBe(body)
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined()
  })

  it('gives the video call 300 s before it times out, and the others 120 s', async () => {
    vi.useFakeTimers()
    const hang = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    )
    vi.stubGlobal('fetch', hang)
    const video = call('POST /render/animate', { body: { description: 'a slow pan' } }).catch((e) => e)
    const image = call('POST /render/start', { body: new FormData() }).catch((e) => e)
    await vi.advanceTimersByTimeAsync(CLIENT_TIMEOUT_MS)
    expect(await image).toMatchObject({ code: 'timeout' })
    await vi.advanceTimersByTimeAsync(ANIMATE_TIMEOUT_MS - CLIENT_TIMEOUT_MS - 1)
    expect(hang.mock.calls[0]?.[1]?.signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await video).toMatchObject({ code: 'timeout' })
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

  it('names the provider an account signs in with', async () => {
    const en = await testI18n('en')
    expect(errorText(en.t, new ApiError(401, 'provider_sign_in', 'x', { provider: 'apple' }))).toBe(
      'This account signs in with Apple. Use the Apple button.',
    )
    const ar = await testI18n('ar')
    expect(errorText(ar.t, new ApiError(401, 'provider_sign_in', 'x', { provider: 'google' }))).toBe(
      'يسجّل هذا الحساب الدخول عبر Google. استخدم زر Google.',
    )
  })

  it('speaks the UI language', async () => {
    const i18n = await testI18n('ar')
    expect(errorText(i18n.t, new ApiError(401, 'invalid_credentials', 'x'))).toBe(
      'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    )
  })
})
