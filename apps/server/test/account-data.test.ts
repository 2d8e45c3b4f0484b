import { rmSync } from 'node:fs'
import { getTableColumns, is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import sharp from 'sharp'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as schema from '../src/db/schema.ts'
import { provenanceFor, sniffFormat } from '../src/provenance/service.ts'
import { type FakeStripe, startFakeStripe } from './fakes/stripe.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { waitForJobs } from './helpers/jobs.ts'
import { buyOnTestCheckout } from './helpers/payments.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'
import { unzip } from './helpers/zip.ts'

// docs/product.md#data-rights: the export as one zip and the deletion of an account, against a real server,
// database and blob store folder.

let server: TestServer
let sketch: Buffer

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_CREDITS: '1000' } })
  sketch = await sketchPng(320, 240)
})
afterAll(() => server.close())

/**
 * Every table of the Drizzle schema with a user column, read from the schema here (not from the code under
 * test), so a table added later is checked without touching this file.
 */
function tablesWithUserColumn(): Array<{ name: string; column: string }> {
  const out: Array<{ name: string; column: string }> = []
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue
    const { name } = getTableConfig(value)
    if (value === schema.users) out.push({ name, column: 'id' })
    for (const c of Object.values(getTableColumns(value)))
      if (c.name === 'user_id') out.push({ name, column: 'user_id' })
  }
  return out
}

async function rowsOfUser(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const t of tablesWithUserColumn()) {
    const [row] = await server.ctx.database.query<{ n: number }>(
      `select count(*)::int as n from "${t.name}" where "${t.column}" = $1`,
      [userId],
    )
    counts[t.name] = Number(row?.n ?? 0)
  }
  return counts
}

/** The user's files as the blob store lists them (the local folder or a bucket: TEST_BLOB_STORE), sorted. */
async function filesOf(userId: string): Promise<string[]> {
  const prefix = `users/${userId}/`
  const keys: string[] = []
  for await (const key of server.ctx.storage.blobs.list(prefix)) keys.push(key.slice(prefix.length))
  return keys.sort()
}

/** A user with a bit of everything: a finished render, a conversation, a contact message, consent, a key. */
async function busyUser(
  options: { contact?: boolean } = {},
): Promise<{ api: Api; id: string; email: string; password: string }> {
  const api = new Api(server.url)
  const { user, email, password } = await api.signUp()
  const started = await api.postForm(
    '/api/render/start',
    form({ generationType: 'sketch-render', userPrompt: 'a timber house, "quoted", = sign' }, { sketch }),
  )
  expect(started.status).toBe(202)
  const [done] = await waitForJobs(api, [started.body.generation.id], 60_000)
  expect(done?.status).toBe('completed')
  const conversation = await api.post('/api/conversations', { title: 'Kitchen ideas' })
  expect(conversation.status).toBe(201)
  // contact messages are rate limited per address: only the users whose message a test checks send one
  if (options.contact)
    expect(
      (
        await api.post('/api/contact/messages', {
          name: 'Ana',
          email,
          subject: 'Hello',
          message: 'A question',
        })
      ).status,
    ).toBe(201)
  expect((await api.post('/api/consent', { accepted: true, categories: ['necessary'] })).status).toBe(201)
  return { api, id: user.uid, email, password }
}

async function download(api: Api, path: string) {
  const res = await fetch(`${server.url}${path}`, {
    headers: api.token ? { authorization: `Bearer ${api.token}` } : {},
  })
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
}

describe('GET /api/user/export', () => {
  it('401 signed out; 403 with an API key', async () => {
    expect((await new Api(server.url).get('/api/user/export')).status).toBe(401)
    const pro = new Api(server.url)
    await pro.signUp()
    await buyOnTestCheckout(pro, '/api/user/subscriptions/create', { plan: 'pro', billingType: 'monthly' })
    const key = await pro.post('/api/user/api-keys', { name: 'script' })
    expect(key.status).toBe(201)
    const r = await pro.get('/api/user/export', key.body.key)
    expect(r.status).toBe(403)
    expect(r.body.error.code).toBe('api_key_not_allowed')
  })

  it('streams one zip with every file and JSON of the user, and nothing of another user', async () => {
    const a = await busyUser({ contact: true })
    const b = await busyUser()
    const res = await download(a.api, '/api/user/export')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    const day = new Date().toISOString().slice(0, 10)
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="parti-export-${day}.zip"`)
    // streamed: no length known up front
    expect(res.headers.get('content-length')).toBeNull()

    const entries = await unzip(res.body)
    for (const name of ['profile.json', 'credits.json', 'generations.json', 'conversations.json'])
      expect(entries.has(name), name).toBe(true)
    for (const [name, bytes] of entries)
      if (name.endsWith('.json')) expect(() => JSON.parse(bytes.toString()), name).not.toThrow()

    const profile = JSON.parse(entries.get('profile.json')!.toString())
    expect(profile.user).toMatchObject({ uid: a.id, email: a.email })
    const ledger = JSON.parse(entries.get('credits.json')!.toString())
    expect(ledger.map((t: { kind: string }) => t.kind)).toEqual(
      expect.arrayContaining(['grant', 'hold', 'capture']),
    )
    const gens = JSON.parse(entries.get('generations.json')!.toString())
    expect(gens).toHaveLength(1)
    expect(gens[0].userPrompt).toBe('a timber house, "quoted", = sign')
    const conversations = JSON.parse(entries.get('conversations.json')!.toString())
    expect(conversations[0]).toMatchObject({ title: 'Kitchen ideas', messages: [] })
    const sessions = JSON.parse(entries.get('other/sessions.json')!.toString())
    expect(sessions.length).toBeGreaterThan(0)
    expect(JSON.stringify(sessions)).not.toMatch(/tokenHash|token_hash/)
    expect(entries.get('profile.json')!.toString()).not.toMatch(/passwordHash/)
    expect(JSON.parse(entries.get('other/contact_messages.json')!.toString())).toHaveLength(1)

    // every file of the user in the store is in the zip, byte for byte, except the results: those leave with
    // their Content Credentials, the same pixels signed (docs/decisions/0113-c2pa-signing-at-download.md); the
    // signed copies kept beside them are what those entries are, not files of their own
    const files = (await filesOf(a.id)).filter((f) => !/^[^/]+\/signed\//.test(f))
    expect(files.length).toBeGreaterThanOrEqual(3)
    const outputs = new Set(gens.map((g: { outputImageKey: string }) => g.outputImageKey))
    for (const f of files) {
      const stored = await server.ctx.storage.blobs.get(`users/${a.id}/${f}`)
      const exported = entries.get(`files/${f}`)!
      if (!outputs.has(`users/${a.id}/${f}`)) {
        expect(exported.equals(stored!), f).toBe(true)
        continue
      }
      expect(exported.equals(stored!), f).toBe(false)
      const pixels = (b: Buffer) => sharp(b).removeAlpha().raw().toBuffer()
      expect((await pixels(exported)).equals(await pixels(stored!)), f).toBe(true)
      expect((await provenanceFor(server.ctx).verify(exported, sniffFormat(exported)!)).state, f).toBe(
        'valid',
      )
    }
    expect(outputs.size).toBe(1)
    expect([...entries.keys()].filter((n) => n.startsWith('files/'))).toHaveLength(files.length)

    // nothing of the other user anywhere
    for (const [name, bytes] of entries) {
      expect(name).not.toContain(b.id)
      expect(bytes.includes(Buffer.from(b.id)), name).toBe(false)
      expect(bytes.includes(Buffer.from(b.email)), name).toBe(false)
    }
  })

  it('pages through long tables without gaps or repeats (rows sharing a timestamp included)', async () => {
    const api = new Api(server.url)
    const { user } = await api.signUp()
    // 1,200 ledger rows in one statement: they share created_at to the microsecond, ordered by id alone
    await server.ctx.database.query(
      `insert into credit_transactions (id, user_id, kind, amount, balance_after, description, created_at)
       select gen_random_uuid(), $1, 'adjustment', 0, 200, 'row ' || g, now() from generate_series(1, 1200) g`,
      [user.uid],
    )
    const entries = await unzip((await download(api, '/api/user/export')).body)
    const ledger = JSON.parse(entries.get('credits.json')!.toString()) as Array<{ id: string }>
    expect(ledger).toHaveLength(1201)
    expect(new Set(ledger.map((t) => t.id)).size).toBe(1201)
  })

  it('one export at a time per user: a second while the first streams is 429', async () => {
    const a = await busyUser()
    const res = await fetch(`${server.url}/api/user/export`, {
      headers: { authorization: `Bearer ${a.api.token}` },
    })
    expect(res.status).toBe(200)
    // the first is still open (its body not read): a second is refused
    const second = await a.api.get('/api/user/export')
    expect(second.status).toBe(429)
    expect(second.body.error.code).toBe('rate_limited')
    // another user is not held up
    const other = await busyUser()
    expect((await download(other.api, '/api/user/export')).status).toBe(200)
    await res.arrayBuffer()
    // once the first has finished, the next one goes
    await new Promise((r) => setTimeout(r, 50))
    expect((await download(a.api, '/api/user/export')).status).toBe(200)

    // a download the browser gives up half-way frees the slot too
    const controller = new AbortController()
    const cut = await fetch(`${server.url}/api/user/export`, {
      headers: { authorization: `Bearer ${a.api.token}` },
      signal: controller.signal,
    })
    const reader = cut.body!.getReader()
    await reader.read()
    controller.abort()
    await reader.read().catch(() => {})
    let status = 0
    for (let i = 0; i < 40 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50))
      status = (await download(a.api, '/api/user/export')).status
    }
    expect(status).toBe(200)
  })
})

describe('DELETE /api/user', () => {
  it('401 signed out; 403 with an API key', async () => {
    const r = await new Api(server.url).request('DELETE', '/api/user', { json: { password: 'x' } })
    expect(r.status).toBe(401)
    const pro = new Api(server.url)
    const { password } = await pro.signUp()
    await buyOnTestCheckout(pro, '/api/user/subscriptions/create', { plan: 'pro', billingType: 'monthly' })
    const key = await pro.post('/api/user/api-keys', { name: 'script' })
    const withKey = await pro.request('DELETE', '/api/user', { json: { password }, token: key.body.key })
    expect(withKey.status).toBe(403)
    expect(withKey.body.error.code).toBe('api_key_not_allowed')
  })

  it('refuses a missing (400) or wrong (403) password and deletes nothing', async () => {
    const a = await busyUser()
    const before = await rowsOfUser(a.id)
    const missing = await a.api.request('DELETE', '/api/user', { json: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.error.details.reason).toBe('password_required')
    const wrong = await a.api.request('DELETE', '/api/user', { json: { password: 'not-my-password' } })
    expect(wrong.status).toBe(403)
    expect(wrong.body.error.details.reason).toBe('wrong_password')
    const tooLong = await a.api.request('DELETE', '/api/user', { json: { password: 'x'.repeat(201) } })
    expect(tooLong.status).toBe(400)
    expect(await rowsOfUser(a.id)).toEqual(before)
    expect((await a.api.get('/api/user/profile')).status).toBe(200)
  })

  it('leaves no row of the user in any table with a user column and no file, signs out; others untouched', async () => {
    const a = await busyUser({ contact: true })
    const b = await busyUser()
    // a subscription on the test checkout, and a sign-in from a second browser
    await buyOnTestCheckout(a.api, '/api/user/subscriptions/create', { plan: 'pro', billingType: 'monthly' })
    const key = await a.api.post('/api/user/api-keys', { name: 'script' })
    expect(key.status).toBe(201)
    const other = new Api(server.url)
    const signIn = await other.post('/api/auth/sign-in', { email: a.email, password: a.password })
    other.token = signIn.body.token

    const before = await rowsOfUser(a.id)
    for (const table of [
      'users',
      'generations',
      'credit_transactions',
      'sessions',
      'conversations',
      'subscriptions',
    ])
      expect(before[table], table).toBeGreaterThan(0)
    expect((await filesOf(a.id)).length).toBeGreaterThan(0)
    const bBefore = await rowsOfUser(b.id)
    const bFiles = await filesOf(b.id)

    const res = await fetch(`${server.url}/api/user`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${a.api.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: a.password }),
    })
    expect(res.status).toBe(200)
    // signed out: the cookie is cleared
    expect(res.headers.get('set-cookie')).toMatch(/parti_session=;.*Expires=Thu, 01 Jan 1970/i)

    const after = await rowsOfUser(a.id)
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true)
    expect(Object.keys(after).length).toBe(tablesWithUserColumn().length)
    expect(await filesOf(a.id)).toEqual([])
    // the database's own catalogue agrees: no user_id column outside the schema's tables
    const columns = await server.ctx.database.query<{ table_name: string }>(
      `select table_name from information_schema.columns where column_name = 'user_id' and table_schema = 'public'`,
    )
    for (const c of columns) expect(Object.keys(after)).toContain(c.table_name)

    // every session and key is gone, and the account cannot sign in again
    expect((await a.api.get('/api/user/profile')).status).toBe(401)
    expect((await other.get('/api/user/profile')).status).toBe(401)
    expect((await a.api.get('/api/user/generations', key.body.key)).status).toBe(401)
    const again = await new Api(server.url).post('/api/auth/sign-in', {
      email: a.email,
      password: a.password,
    })
    expect(again.status).toBe(401)

    expect(await rowsOfUser(b.id)).toEqual(bBefore)
    expect(await filesOf(b.id)).toEqual(bFiles)
  })

  it('a file that cannot be deleted now is left listed and swept later; no row points to it', async () => {
    const a = await busyUser()
    const blobs = server.ctx.storage.blobs
    const real = blobs.deletePrefix.bind(blobs)
    blobs.deletePrefix = async () => {
      throw new Error('disk busy')
    }
    try {
      const r = await a.api.request('DELETE', '/api/user', { json: { password: a.password } })
      expect(r.status).toBe(200)
    } finally {
      blobs.deletePrefix = real
    }
    expect(Object.values(await rowsOfUser(a.id)).every((n) => n === 0)).toBe(true)
    expect((await filesOf(a.id)).length).toBeGreaterThan(0)
    const [pending] = await server.ctx.database.query<{ attempts: number; last_error: string }>(
      'select attempts, last_error from blob_deletions where prefix = $1',
      [`users/${a.id}/`],
    )
    expect(pending).toMatchObject({ attempts: 1, last_error: expect.stringContaining('disk busy') })
    // the sweep the runtime runs on its timer
    const { AccountDeletion } = await import('../src/account/deletion.ts')
    const log = server.ctx.log
    await new AccountDeletion(server.ctx.database.db, blobs, null as never, log).sweep()
    expect(await filesOf(a.id)).toEqual([])
  })

  it('password attempts are limited: the eleventh in a minute is 429', async () => {
    const api = new Api(server.url)
    await api.signUp()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push((await api.request('DELETE', '/api/user', { json: { password: `guess-${i}` } })).status)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403))
    expect(statuses[10]).toBe(429)
    expect((await api.get('/api/user/profile')).status).toBe(200)
  })

  it('an account without a password must have signed in within 10 minutes', async () => {
    const a = new Api(server.url)
    const { user } = await a.signUp()
    await server.ctx.database.query('update users set password_hash = null where id = $1', [user.uid])
    // signed in 11 minutes ago
    await server.ctx.database.query(
      `update sessions set created_at = now() - interval '11 minutes' where user_id = $1`,
      [user.uid],
    )
    const stale = await a.request('DELETE', '/api/user', { json: {} })
    expect(stale.status).toBe(403)
    expect(stale.body.error.details.reason).toBe('sign_in_again')
    await server.ctx.database.query(`update sessions set created_at = now() where user_id = $1`, [user.uid])
    const fresh = await a.request('DELETE', '/api/user', { json: {} })
    expect(fresh.status).toBe(200)
    expect(Object.values(await rowsOfUser(user.uid)).every((n) => n === 0)).toBe(true)
  })
})

describe('DELETE /api/user with Stripe', () => {
  const SECRET_KEY = 'sk_test_parti_fake'
  const WEBHOOK_SECRET = 'whsec_parti_fake_secret'
  let fake: FakeStripe
  let stripeServer: TestServer

  beforeAll(async () => {
    fake = await startFakeStripe({
      secretKey: SECRET_KEY,
      prices: [{ id: 'price_standard_monthly', unit_amount: 3900, interval: 'month' }],
    })
    stripeServer = await startTestServer({
      env: {
        PUBLIC_URL: 'https://parti.test',
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_parti_fake',
        STRIPE_BASE_URL: fake.origin,
        STRIPE_PRICE_STANDARD_MONTHLY: 'price_standard_monthly',
      },
    })
  })
  afterAll(async () => {
    await stripeServer.close()
    await fake.close()
    rmSync(stripeServer.dataDir, { recursive: true, force: true })
  })

  async function subscribed() {
    const api = new Api(stripeServer.url)
    const { user, password } = await api.signUp()
    const start = await api.post('/api/payments/create-checkout-session', {
      plan: 'standard',
      billingType: 'monthly',
    })
    expect(start.status).toBe(200)
    const { subscription } = fake.completeSession(start.body.sessionId)
    // the return page re-reads the session from Stripe, which records the subscription
    expect((await api.get(`/api/payments/checkout-session/${start.body.sessionId}`)).status).toBe(200)
    const subs = (await api.get('/api/user/subscriptions')).body.subscriptions
    expect(subs).toEqual([expect.objectContaining({ id: subscription!.id, status: 'active' })])
    return { api, id: user.uid as string, password, subscriptionId: subscription!.id as string }
  }

  it('a cancellation Stripe does not confirm deletes nothing and says so (503)', async () => {
    const a = await subscribed()
    const count = async () =>
      (
        await stripeServer.ctx.database.query<{ n: number }>(
          'select (select count(*) from users where id = $1) + (select count(*) from subscriptions where user_id = $1) + (select count(*) from credit_transactions where user_id = $1) as n',
          [a.id],
        )
      )[0]!.n
    const before = Number(await count())
    fake.failCancels.push(500, 500, 500)
    const r = await a.api.request('DELETE', '/api/user', { json: { password: a.password } })
    expect(r.status).toBe(503)
    expect(r.body.error.details.reason).toBe('subscription_not_cancelled')
    expect(Number(await count())).toBe(before)
    expect(fake.subscriptions.get(a.subscriptionId)!.status).toBe('active')
    expect((await a.api.get('/api/user/profile')).status).toBe(200)
  })

  it('cancels the subscription at Stripe at once, then deletes the account', async () => {
    const a = await subscribed()
    fake.failCancels.length = 0
    const r = await a.api.request('DELETE', '/api/user', { json: { password: a.password } })
    expect(r.status).toBe(200)
    expect(fake.subscriptions.get(a.subscriptionId)!.status).toBe('canceled')
    const cancels = fake.requests.filter(
      (q) => q.method === 'DELETE' && q.path === `/v1/subscriptions/${a.subscriptionId}`,
    )
    expect(cancels.length).toBeGreaterThan(0)
    const [left] = await stripeServer.ctx.database.query<{ n: number }>(
      'select count(*)::int as n from users where id = $1',
      [a.id],
    )
    expect(Number(left!.n)).toBe(0)

    // Stripe then tells of the subscription's end (and could send a last invoice): the reconciler finds no
    // account for it (payments/stripe/reconcile.ts ownerOf), answers 200, and nothing of the
    // account comes back
    const signer = new Stripe(SECRET_KEY)
    const sub = fake.subscriptions.get(a.subscriptionId)!
    for (const event of [
      fake.event('customer.subscription.deleted', sub),
      fake.event('invoice.paid', fake.invoices.get(sub.latest_invoice)!),
    ]) {
      const payload = JSON.stringify(event)
      const res = await fetch(`${stripeServer.url}/api/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      })
      expect(res.status, event.type).toBe(200)
    }
    const [rows] = await stripeServer.ctx.database.query<{ n: number }>(
      `select (select count(*) from subscriptions where user_id = $1)
         + (select count(*) from credit_transactions where user_id = $1) as n`,
      [a.id],
    )
    expect(Number(rows!.n)).toBe(0)
  })
})
