import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_WEB_DIST } from '../src/bootstrap.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Input no route can judge is refused at the edge in the one error shape (http/edge-guards.ts,
// docs/decisions/0084-input-refused-at-the-edge.md): NUL bytes anywhere (PostgreSQL text cannot hold one, and
// it used to answer 500), malformed multipart bodies, addresses Fastify cannot route, oversized headers.
let server: TestServer
let api: Api

beforeAll(async () => {
  server = await startTestServer()
  api = new Api(server.url)
  await api.signUp()
})
afterAll(() => server.close())

const raw = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${api.token}`, ...(init.headers as Record<string, string>) },
  })
  const text = await res.text()
  let body: any = text
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: res.status, body, headers: res.headers }
}

function expectShape(r: { status: number; body: any }, status: number, reason: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(Object.keys(r.body)).toEqual(['error'])
  expect(r.body.error).toMatchObject({ code: 'validation_failed', details: { reason } })
  expect(typeof r.body.error.message).toBe('string')
}

describe('a NUL byte anywhere is 400', () => {
  it('in ids in paths', async () => {
    for (const path of [
      '/api/user/generations/abc%00def',
      '/api/conversations/abc%00def',
      '/api/styles/modern%00',
      '/api/styles/abc%00/image',
      '/api/files/users/a%00b.png',
    ]) {
      expectShape(await raw(path), 400, 'nul_byte')
    }
  })

  it('in query strings', async () => {
    expectShape(await raw('/api/user/generations?search=a%00b'), 400, 'nul_byte')
    expectShape(await raw('/api/user/credits/transactions?kind=a%00'), 400, 'nul_byte')
    expectShape(await raw('/api/styles?category=%00'), 400, 'nul_byte')
  })

  it('in JSON titles and prompts, and in multipart fields; nothing is created or charged', async () => {
    const before = await balance(api)
    expectShape(await api.post('/api/conversations', { title: 'a\u0000b' }), 400, 'nul_byte')
    expectShape(
      await api.post('/api/render/start', {
        generationType: 'sketch-render',
        userPrompt: 'a\u0000b',
        imageUrl: 'https://example.com/a.png',
      }),
      400,
      'nul_byte',
    )
    expectShape(
      await api.postForm(
        '/api/render/start',
        form({ generationType: 'sketch-render', userPrompt: 'a house\u0000' }, { sketch: await sketchPng() }),
      ),
      400,
      'nul_byte',
    )
    expectShape(
      await api.post('/api/contact', { name: 'A', email: 'a@b.test', message: 'hi\u0000' }),
      400,
      'nul_byte',
    )
    expect(await balance(api)).toBe(before)
    expect((await api.get('/api/user/generations')).body.generations).toEqual([])
    expect((await api.get('/api/conversations')).body.conversations).toEqual([])
    const files: string[] = []
    for await (const k of server.ctx.storage.blobs.list('users/')) files.push(k)
    expect(files).toEqual([])
  })
})

describe('other control characters are 400 too; tab and line breaks in text are not', () => {
  it('in the address and in bodies', async () => {
    expectShape(await raw('/api/user/generations?q=a%1Bb'), 400, 'control_character')
    expectShape(await raw('/api/styles/x%0d%0aSet-Cookie'), 400, 'control_character')
    expectShape(await api.post('/api/conversations', { title: 'bell\u0007' }), 400, 'control_character')
    expect((await api.post('/api/conversations', { title: 'two\nlines\tand a tab' })).status).toBe(201)
  })

  it('a call that reads no body refuses text, arrays and numbers instead of acting on them', async () => {
    for (const body of ['[1]', '"sign me out"', '42'])
      expectShape(
        await raw('/api/auth/sign-out', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
        400,
        'unexpected_body',
      )
    expect((await api.get('/api/user/profile')).status).toBe(200)
  })
})

describe('malformed multipart is 400 on the three render routes', () => {
  const bodies: Array<[string, string]> = [
    ['multipart/form-data', 'no boundary at all'],
    [
      'multipart/form-data; boundary=XX',
      '--XX\r\nContent-Disposition: form-data; name="userPrompt"\r\n\r\ncut short',
    ],
    ['multipart/form-data; boundary=XX', 'not even the first boundary'],
  ]
  for (const path of ['/api/render/start', '/api/render/animate', '/api/render/inpainting']) {
    it(path, async () => {
      for (const [type, body] of bodies) {
        const r = await raw(path, { method: 'POST', headers: { 'content-type': type }, body })
        // a body with no part at all is simply missing its fields; a broken one is malformed
        if (r.body.error?.details?.reason !== 'malformed_multipart') {
          expect(r.status, `${type} ${body}`).toBe(400)
          expect(r.body.error.code).not.toBe('internal')
        } else expectShape(r, 400, 'malformed_multipart')
      }
      expectShape(
        await raw(path, { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' }),
        400,
        'malformed_multipart',
      )
    })
  }
})

describe("the server's own client errors use the one error shape", () => {
  it('a malformed percent-encoding is 400', async () => {
    expectShape(await raw('/api/user/generations/%E0%A4%A'), 400, 'bad_url')
  })

  it('a path parameter over its length is 414', async () => {
    expectShape(await raw(`/api/user/generations/${'a'.repeat(300)}`), 414, 'uri_too_long')
  })

  it('headers over the size Node reads are 431', async () => {
    const r = await raw('/api/health', { headers: { 'x-padding': 'a'.repeat(20_000) } })
    expectShape(r, 431, 'headers_too_large')
    expect(r.headers.get('content-type')).toMatch(/^application\/json/)
  })
})

describe('/api/docs', () => {
  it('sends a Content-Security-Policy: its own scripts by hash, never framed, nothing from elsewhere', async () => {
    for (const path of ['/api/docs', '/api/docs/static/index.html']) {
      const res = await fetch(`${server.url}${path}`, { redirect: 'manual' })
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*;/)
      expect(csp, path).toContain("frame-ancestors 'none'")
      expect(csp, path).toContain("object-src 'none'")
      expect(csp, path).not.toMatch(/unsafe-inline|unsafe-eval|validator\.swagger\.io| https:/)
      // served over http here: no upgrade of its own scripts to https
      expect(csp, path).not.toContain('upgrade-insecure-requests')
    }
  })
})

describe('security headers on pages and the API (docs/decisions/0093-rate-limits-headers-and-logs.md)', () => {
  it('pages: a CSP with no inline script but the page’s own by hash, never framed; the API: nothing at all', async () => {
    const web = await startTestServer({
      role: 'api',
      webDistDir: DEFAULT_WEB_DIST,
      env: { TRUST_PROXY: 'true' },
    })
    try {
      for (const path of ['/', '/gallery', '/pricing']) {
        const res = await fetch(`${web.url}${path}`)
        expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
        const csp = res.headers.get('content-security-policy') ?? ''
        const scripts = /script-src ([^;]+)/.exec(csp)?.[1] ?? ''
        expect(scripts, path).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')*$/)
        expect(csp, path).toContain("frame-ancestors 'none'")
        expect(csp, path).toContain("object-src 'none'")
        // every inline script of the page is one the policy names by its hash
        const html = await res.text()
        for (const [, body] of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g))
          expect(scripts).toContain(createHash('sha256').update(body!).digest('base64'))
      }
      for (const path of ['/', '/api/health', '/api/user/profile']) {
        const res = await fetch(`${web.url}${path}`)
        expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
        expect(res.headers.get('referrer-policy'), path).toBe('no-referrer')
        expect(res.headers.get('x-frame-options'), path).toBe('DENY')
        // over plain http no HSTS: a studio on http://localhost is not pinned to https
        expect(res.headers.get('strict-transport-security'), path).toBeNull()
        // behind a TLS proxy it is there
        const tls = await fetch(`${web.url}${path}`, { headers: { 'x-forwarded-proto': 'https' } })
        expect(tls.headers.get('strict-transport-security'), path).toMatch(/^max-age=\d{8,}/)
      }
      const api = await fetch(`${web.url}/api/health`)
      expect(api.headers.get('content-security-policy')).toMatch(
        /^default-src 'none'; frame-ancestors 'none'/,
      )
    } finally {
      await web.close()
    }
    // without a trusted proxy, a client saying https is not believed
    const said = await fetch(`${server.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } })
    expect(said.headers.get('strict-transport-security')).toBeNull()
  })
})
