import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../src/auth/sessions.ts'
import { roomJpeg } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// docs/decisions/0081-cross-site-writes-refused.md: a write authenticated by the session cookie must come from
// this site; SameSite=Lax alone lets a sibling subdomain through.
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ role: 'api' })
})
afterAll(() => server.close())

const EVIL = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }
const SIBLING = { origin: 'https://files.parti.example', 'sec-fetch-site': 'same-site' }

/** A browser: the session travels as the cookie, never as a bearer token. */
async function browser() {
  const api = new Api(server.url)
  const account = await api.signUp()
  const cookie = `${SESSION_COOKIE}=${account.token}`
  const as = (headers: Record<string, string>) => ({ ...headers, cookie })
  return {
    api,
    account,
    json: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      api.request('POST', path, { json: body, headers: as(headers), token: null }),
    form: (path: string, f: FormData, headers: Record<string, string> = {}) =>
      api.request('POST', path, { form: f, headers: as(headers), token: null }),
    get: (path: string, headers: Record<string, string> = {}) =>
      api.request('GET', path, { headers: as(headers), token: null }),
  }
}

describe('cross-site writes with the session cookie', () => {
  it('refuses a JSON write, a multipart render start and sign-out from another site, taking nothing', async () => {
    const b = await browser()
    const before = await balance(b.api)
    for (const headers of [EVIL, SIBLING, { origin: 'https://evil.example' }, { origin: 'null' }]) {
      const json = await b.json('/api/conversations', { title: 'x' }, headers)
      expect(json.status).toBe(403)
      expect(json.body.error).toMatchObject({ code: 'forbidden', details: { reason: 'cross_site' } })
      const render = await b.form(
        '/api/render/start',
        form({ generationType: 'home-staging' }, { image: await roomJpeg() }),
        headers,
      )
      expect(render.status).toBe(403)
      expect((await b.json('/api/auth/sign-out', {}, headers)).status).toBe(403)
    }
    expect(await balance(b.api)).toBe(before)
    expect((await b.get('/api/user/profile')).status).toBe(200)
  })

  it('lets the site itself, a typed address, reads and clients without a browser through', async () => {
    const b = await browser()
    const own = { origin: server.url, 'sec-fetch-site': 'same-origin' }
    expect((await b.json('/api/conversations', { title: 'mine' }, own)).status).toBeLessThan(300)
    // the site's own pages send Referrer-Policy: no-referrer, so the browser says Origin: null on their writes
    const ownNoReferrer = { origin: 'null', 'sec-fetch-site': 'same-origin' }
    expect((await b.json('/api/conversations', { title: 'form' }, ownNoReferrer)).status).toBeLessThan(300)
    // curl with a cookie sends neither header; reads are never refused
    expect((await b.json('/api/conversations', { title: 'curl' })).status).toBeLessThan(300)
    expect((await b.get('/api/user/profile', EVIL)).status).toBe(200)
  })

  it('does not apply to requests without the session cookie: sign-in itself, bearer tokens', async () => {
    const b = await browser()
    const fresh = new Api(server.url)
    const r = await fresh.request('POST', '/api/auth/sign-in', {
      json: { email: b.account.email, password: b.account.password },
      headers: EVIL,
    })
    expect(r.status).toBe(200)
    const bearer = await b.api.request('POST', '/api/conversations', { json: { title: 't' }, headers: EVIL })
    expect(bearer.status).toBeLessThan(300)
  })
})
