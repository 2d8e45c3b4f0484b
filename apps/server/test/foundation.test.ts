import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Api } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

let server: TestServer
let api: Api

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_EMAILS: 'chief@studio.test', FREE_CREDITS: '200' } })
  api = new Api(server.url)
})
afterAll(() => server.close())

describe('health', () => {
  it('answers a success flag when the database answers', async () => {
    const r = await api.get('/api/health')
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true })
  })
})

describe('e-mail accounts', () => {
  it('signs up with welcome credits as a ledger row, sets an HttpOnly SameSite=Lax cookie, and reads the profile', async () => {
    const r = await api.post('/api/auth/sign-up', {
      email: 'Ana@Studio.test',
      password: 'sketches-and-sun',
      name: 'Ana',
    })
    expect(r.status).toBe(201)
    expect(r.body.token).toMatch(/^ps_/)
    expect(r.body.user).toMatchObject({
      email: 'ana@studio.test',
      name: 'Ana',
      credits: 200,
      plan: null,
      role: 'user',
    })
    const cookie = r.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/parti_session=ps_/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)

    const profile = await api.get('/api/user/profile', r.body.token)
    expect(profile.status).toBe(200)
    expect(Object.keys(profile.body.user).sort()).toEqual(
      [
        'uid',
        'email',
        'name',
        'photoURL',
        'role',
        'plan',
        'subscriptionType',
        'autoRenewal',
        'subscriptionEndDate',
        'subscriptionStatus',
        'credits',
        'createdAt',
      ].sort(),
    )
    const tx = await api.get('/api/user/credits/transactions', r.body.token)
    expect(tx.body.transactions).toEqual([
      expect.objectContaining({
        kind: 'grant',
        amount: 200,
        balanceAfter: 200,
        description: 'Welcome credits',
      }),
    ])
  })

  it('accepts the session cookie as the browser sends it', async () => {
    const r = await api.post('/api/auth/sign-up', {
      email: 'cookie@studio.test',
      password: 'sketches-and-sun',
    })
    const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0]!
    const profile = await api.request('GET', '/api/user/profile', { token: null, headers: { cookie } })
    expect(profile.status).toBe(200)
    expect(profile.body.user.email).toBe('cookie@studio.test')
  })

  it('refuses a second account for the same e-mail, in any case', async () => {
    await api.post('/api/auth/sign-up', { email: 'dup@studio.test', password: 'sketches-and-sun' })
    const again = await api.post('/api/auth/sign-up', {
      email: 'DUP@studio.test',
      password: 'sketches-and-sun',
    })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('email_taken')
  })

  it('refuses a short password and a malformed e-mail, naming the field', async () => {
    const short = await api.post('/api/auth/sign-up', { email: 'short@studio.test', password: 'abc' })
    expect(short.status).toBe(400)
    expect(short.body.error.details.field).toBe('password')
    const bad = await api.post('/api/auth/sign-up', { email: 'not-an-email', password: 'long-enough-pw' })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('email')
  })

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    await api.post('/api/auth/sign-up', { email: 'same@studio.test', password: 'right-password' })
    const wrong = await api.post('/api/auth/sign-in', {
      email: 'same@studio.test',
      password: 'wrong-password',
    })
    const unknown = await api.post('/api/auth/sign-in', {
      email: 'nobody@studio.test',
      password: 'wrong-password',
    })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    const right = await api.post('/api/auth/sign-in', {
      email: 'same@studio.test',
      password: 'right-password',
    })
    expect(right.status).toBe(200)
    expect(right.body.user.email).toBe('same@studio.test')
  })

  it('signs out: the token stops working', async () => {
    const r = await api.post('/api/auth/sign-up', { email: 'out@studio.test', password: 'sketches-and-sun' })
    const token = r.body.token as string
    const out = await api.request('POST', '/api/auth/sign-out', { token })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/parti_session=;/)
    expect((await api.get('/api/user/profile', token)).status).toBe(401)
  })

  it('answers 401 in the one error shape without a session', async () => {
    const r = await api.get('/api/user/profile', null)
    expect(r.status).toBe(401)
    expect(r.body).toEqual({ error: { code: 'unauthorized', message: 'Please sign in' } })
    expect((await api.get('/api/user/profile', 'ps_forgedforgedforgedforgedforged')).status).toBe(401)
  })

  it('grants the admin role to ADMIN_EMAILS', async () => {
    const r = await api.post('/api/auth/sign-up', {
      email: 'Chief@studio.test',
      password: 'sketches-and-sun',
    })
    expect(r.body.user.role).toBe('admin')
  })

  it('rate-limits sign-in attempts', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await api.request('POST', '/api/auth/sign-in', {
            json: { email: 'brute@studio.test', password: `guess-${i}` },
          })
        ).status,
      )
    }
    expect(statuses).toContain(429)
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true)
    // the limit is per account: another account from the same address still signs in
    await api.post('/api/auth/sign-up', { email: 'other-account@studio.test', password: 'sketches-and-sun' })
    const other = await api.post('/api/auth/sign-in', {
      email: 'other-account@studio.test',
      password: 'sketches-and-sun',
    })
    expect(other.status).toBe(200)
  })
})

describe('public catalogue', () => {
  it('lists at least 8 styles in at least 3 categories, each complete', async () => {
    const r = await api.get('/api/styles')
    expect(r.status).toBe(200)
    const styles = r.body.styles as Array<Record<string, unknown>>
    expect(styles.length).toBeGreaterThanOrEqual(8)
    expect(new Set(styles.map((s) => s.category)).size).toBeGreaterThanOrEqual(3)
    for (const s of styles) {
      expect(s.name).toBeTruthy()
      expect(s.prompt).toBeTruthy()
      expect(s.negativePrompt).toBeTruthy()
      expect(s.qualityPrompt).toBeTruthy()
      expect(s.imageUrl).toBeTruthy()
    }
    const looks = new Set(styles.map((s) => (s.localParams as { look: string }).look))
    for (const look of ['marker', 'watercolour', 'ink-wash', 'colour-block', 'night', 'blueprint'])
      expect(looks).toContain(look)
  })

  it('filters styles by category and reads one style as data', async () => {
    const cats = await api.get('/api/styles/meta/categories')
    expect(cats.body.data.length).toBeGreaterThanOrEqual(3)
    const first = cats.body.data[0]
    const filtered = await api.get(`/api/styles?category=${encodeURIComponent(first.name)}`)
    expect(filtered.body.styles.length).toBe(first.styleCount)
    expect(filtered.body.styles.every((s: { category: string }) => s.category === first.name)).toBe(true)
    const one = await api.get(`/api/styles/${filtered.body.styles[0].id}`)
    expect(one.body.data.id).toBe(filtered.body.styles[0].id)
    expect((await api.get('/api/styles/no-such-style')).status).toBe(404)
  })

  it('serves each style a preview image made by the project', async () => {
    const { body } = await api.get('/api/styles')
    const res = await fetch(`${server.url}${body.styles[0].imageUrl}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^image\//)
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(500)
  })

  it('lists at least 8 colour palettes of five colours', async () => {
    const r = await api.get('/api/color-palettes')
    expect(r.body.colorPalettes.length).toBeGreaterThanOrEqual(8)
    for (const p of r.body.colorPalettes) {
      expect(p.colors).toHaveLength(5)
      for (const c of p.colors) expect(c).toMatch(/^#[0-9A-Fa-f]{6}$/)
    }
    const one = await api.get(`/api/color-palettes/${r.body.colorPalettes[0].id}`)
    expect(one.body.colorPalette.id).toBe(r.body.colorPalettes[0].id)
    expect((await api.get('/api/color-palettes/nope')).status).toBe(404)
  })

  it('lists the three plans with their prices in cents and credits (signed in)', async () => {
    expect((await api.get('/api/user/plans', null)).status).toBe(401)
    const a = new Api(server.url)
    await a.signUp()
    const r = await a.get('/api/user/plans')
    const byName = Object.fromEntries(r.body.plans.map((p: { name: string }) => [p.name, p]))
    expect(byName.lite).toMatchObject({
      priceMonthly: 1200,
      priceYearlyMonthly: 960,
      priceYearly: 11520,
      monthlyCredits: 2400,
    })
    expect(byName.standard).toMatchObject({
      priceMonthly: 3900,
      priceYearlyMonthly: 3120,
      priceYearly: 37440,
      monthlyCredits: 7800,
      popular: true,
    })
    expect(byName.pro).toMatchObject({
      priceMonthly: 9900,
      priceYearlyMonthly: 7900,
      priceYearly: 94800,
      monthlyCredits: 19800,
    })
  })
})

describe('contact and consent', () => {
  it('records a contact message and refuses an incomplete one', async () => {
    const ok = await api.post('/api/contact/messages', {
      name: 'Ana',
      email: 'ana@studio.test',
      subject: 'Demo',
      message: 'Hello',
    })
    expect(ok.status).toBe(201)
    const bad = await api.post('/api/contact/messages', {
      name: 'Ana',
      email: 'ana@studio.test',
      subject: '',
      message: 'x',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.details.field).toBe('subject')
  })
  it('records cookie consent', async () => {
    const r = await api.post('/api/consent', { accepted: true, categories: ['necessary', 'preferences'] })
    expect(r.status).toBe(201)
    const rows = await server.ctx.database.query<{ accepted: boolean }>(
      'select accepted from consent_records',
    )
    expect(rows.at(-1)?.accepted).toBe(true)
  })
})

describe('the API surface', () => {
  it('publishes OpenAPI generated from the contract', async () => {
    const r = await api.get('/api/docs/json')
    expect(r.status).toBe(200)
    expect(r.body.openapi).toMatch(/^3\./)
    for (const path of [
      '/api/health',
      '/api/user/profile',
      '/api/styles',
      '/api/color-palettes',
      '/api/render/start',
      '/api/user/generations',
    ]) {
      expect(Object.keys(r.body.paths)).toContain(path)
    }
    const html = await fetch(`${server.url}/api/docs/`)
    expect(html.status).toBe(200)
  })

  it('answers unknown API paths and malformed JSON in the one error shape', async () => {
    const r = await api.get('/api/no-such-thing')
    expect(r.status).toBe(404)
    expect(r.body.error.code).toBe('not_found')
    const bad = await fetch(`${server.url}/api/contact/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBeDefined()
  })

  it('refuses a JSON body over 1 MB with 413', async () => {
    const r = await api.post('/api/contact/messages', { name: 'x'.repeat(2_000_000) })
    expect(r.status).toBe(413)
    expect(r.body.error.code).toBe('payload_too_large')
  })

  it('sends security headers', async () => {
    const r = await api.get('/api/health')
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    expect(r.headers.get('x-frame-options')).toBeTruthy()
  })
})
