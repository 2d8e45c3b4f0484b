import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeStripe, startFakeStripe } from './fakes/stripe.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// No secret or session token in any log line (docs/decisions/0093-rate-limits-headers-and-logs.md): every line
// the server writes at the most talkative level is kept over a run of sign-up, sign-in, an API key created,
// used and its webhook secret rotated, a password reset by its mailed link, and a Stripe webhook checked with
// its secret; then each secret it handled is looked for in them, whole and as its longest halves.

const SECRET_KEY = 'sk_test_logs_fake_0123456789abcdef'
const WEBHOOK_SECRET = 'whsec_logs_fake_secret_0123456789'
const SESSION_SECRET = 'a-session-secret-for-the-log-test-0123456789'

const lines: string[] = []
let fake: FakeStripe
let server: TestServer

beforeAll(async () => {
  fake = await startFakeStripe({
    secretKey: SECRET_KEY,
    prices: [
      { id: 'price_pro_monthly', unit_amount: 9900, interval: 'month', lookup_key: 'parti_pro_monthly' },
    ],
  })
  server = await startTestServer({
    env: {
      LOG_LEVEL: 'trace',
      SESSION_SECRET,
      PUBLIC_URL: 'https://parti.test',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_logs_fake',
      STRIPE_BASE_URL: fake.origin,
    },
    logStream: { write: (line: string) => void lines.push(line) },
  })
})
afterAll(async () => {
  await server.close()
  await fake.close()
})

describe('log lines', () => {
  it('hold no password, session token, API key, mailed token or webhook secret', async () => {
    const secrets: Record<string, string> = {
      'session secret': SESSION_SECRET,
      'Stripe secret key': SECRET_KEY,
      'Stripe webhook secret': WEBHOOK_SECRET,
    }
    const api = new Api(server.url)
    const account = await api.signUp()
    secrets.password = account.password
    secrets['sign-up token'] = account.token
    const signIn = await api.post('/api/auth/sign-in', { email: account.email, password: account.password })
    secrets['sign-in token'] = signIn.body.token
    api.token = signIn.body.token

    // Pro through a Stripe checkout and its signed webhook, so an API key may be used
    const start = await api.post('/api/payments/create-checkout-session', {
      plan: 'pro',
      billingType: 'monthly',
    })
    expect(start.status).toBe(200)
    const { session } = fake.completeSession(start.body.sessionId)
    const payload = JSON.stringify(fake.event('checkout.session.completed', session))
    const signature = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    })
    const hook = await fetch(`${server.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    })
    expect(hook.status).toBe(200)
    // a forged one is refused, and logged as refused
    await fetch(`${server.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=1,v1=${'0'.repeat(64)}` },
      body: payload,
    })

    const key = await api.post('/api/user/api-keys', {
      name: 'studio',
      webhookUrl: 'https://hooks.studio.test/p',
    })
    expect(key.status, JSON.stringify(key.body)).toBe(201)
    secrets['API key'] = key.body.key
    secrets['key webhook secret'] = key.body.webhookSecret
    const rotated = await api.post(`/api/user/api-keys/${key.body.id}/webhook-secret`)
    secrets['rotated webhook secret'] = rotated.body.webhookSecret
    const byKey = new Api(server.url, key.body.key)
    expect((await byKey.get('/api/user/profile')).status).toBe(200)
    const render = await byKey.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a house' }, { sketch: await sketchPng(200, 150) }),
    )
    expect(render.status).toBe(202)
    // a wrong key and a wrong password are logged as such, without themselves
    await new Api(server.url, `${key.body.key.slice(0, -4)}zzzz`).get('/api/user/profile')
    await new Api(server.url).post('/api/auth/sign-in', { email: account.email, password: 'wrong-board-77' })
    secrets['wrong password'] = 'wrong-board-77'

    // a password reset by the mailed link
    expect(
      (await new Api(server.url).post('/api/auth/password-reset', { email: account.email })).status,
    ).toBe(202)
    const [mail] = await server.ctx.database.query<{ text: string }>(
      `select text_body as text from mail_outbox where kind = 'password-reset' order by created_at desc limit 1`,
    )
    const token = /[?&#]token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1]
    expect(token).toBeTruthy()
    secrets['reset token'] = token!
    const reset = await new Api(server.url).post('/api/auth/password-reset/confirm', {
      token,
      password: 'new-drawing-board-9',
    })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    secrets['new password'] = 'new-drawing-board-9'
    const again = await new Api(server.url).post('/api/auth/sign-in', {
      email: account.email,
      password: 'new-drawing-board-9',
    })
    secrets['token after the reset'] = again.body.token

    // the mail worker has sent the reset mail (its lines are part of the run)
    for (let i = 0; i < 100; i++) {
      const [row] = await server.ctx.database.query<{ n: number }>(
        `select count(*)::int n from mail_outbox where status = 'sent' and kind = 'password-reset'`,
      )
      if (row!.n > 0) break
      await new Promise((r) => setTimeout(r, 100))
    }

    const log = lines.join('')
    if (process.env.PARTI_LOG_DUMP) (await import('node:fs')).writeFileSync(process.env.PARTI_LOG_DUMP, log)
    // the run was logged at all: requests, the key, the webhook
    expect(lines.length).toBeGreaterThan(30)
    expect(log).toContain('api key created')
    expect(log).toMatch(/incoming request/)
    const found: string[] = []
    for (const [what, value] of Object.entries(secrets)) {
      expect(value, what).toBeTruthy()
      const half = Math.ceil(value.length / 2)
      for (const piece of [value, value.slice(0, half), value.slice(-half)])
        if (piece.length >= 8 && log.includes(piece))
          found.push(`${what} (${piece === value ? 'whole' : 'half'})`)
    }
    expect([...new Set(found)]).toEqual([])
  }, 120_000)
})
