import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsOf } from '../src/db/client.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, type ApiResponse, form } from './helpers/client.ts'
import { createTestDatabase, PG_URL } from './helpers/database.ts'
import { buyOnTestCheckout, pressTestPortal } from './helpers/payments.ts'
import { spawnParti } from './helpers/processes.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// docs/product.md#api-keys, docs/decisions/0065-api-keys-hashed-sessions.md

const PER_MINUTE = 8
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ env: { API_KEY_RATE_LIMIT: String(PER_MINUTE), FREE_CREDITS: '1000' } })
})
afterAll(() => server.close())

async function proUser(base = server.url): Promise<Api> {
  const api = new Api(base)
  await api.signUp()
  await buyOnTestCheckout(api, '/api/user/subscriptions/create', { plan: 'pro', billingType: 'monthly' })
  return api
}

async function newKey(
  api: Api,
  name = 'studio script',
): Promise<{ id: string; name: string; key: string; prefix: string }> {
  const r = await api.post('/api/user/api-keys', { name })
  expect(r.status).toBe(201)
  return r.body
}

describe('personal API keys', () => {
  it('a user without Pro cannot create one (403 api_access_required) but sees that API access is off', async () => {
    const api = new Api(server.url)
    await api.signUp()
    const r = await api.post('/api/user/api-keys', { name: 'mine' })
    expect(r.status).toBe(403)
    expect(r.body.error.code).toBe('api_access_required')
    const list = await api.get('/api/user/api-keys')
    expect(list.status).toBe(200)
    expect(list.body).toEqual({ keys: [], apiAccess: false })
  })

  it('validates the name and needs a session', async () => {
    const api = await proUser()
    expect((await api.post('/api/user/api-keys', { name: '   ' })).status).toBe(400)
    expect((await api.post('/api/user/api-keys', { name: 'x'.repeat(61) })).status).toBe(400)
    expect(
      (await api.request('POST', '/api/user/api-keys', { json: { name: 'a' }, token: null })).status,
    ).toBe(401)
  })

  it('creates a key shown once, lists it without its value, and stores only its hash', async () => {
    const api = await proUser()
    const created = await newKey(api, '  Render farm  ')
    expect(created.name).toBe('Render farm')
    expect(created.key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/)
    expect(created.prefix).toBe(created.key.slice(0, 10))

    const list = await api.get('/api/user/api-keys')
    expect(list.body.apiAccess).toBe(true)
    expect(list.body.keys).toEqual([
      {
        id: created.id,
        name: 'Render farm',
        prefix: created.prefix,
        createdAt: expect.any(String),
        lastUsedAt: null,
        webhookUrl: null,
      },
    ])
    expect(JSON.stringify(list.body)).not.toContain(created.key.slice(10))

    const rows = rowsOf<Record<string, unknown>>(
      await server.ctx.database.db.execute(sql`select * from sessions where id = ${created.id}`),
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(created.key).digest('base64url'))
    expect(rows[0]!.kind).toBe('api_key')
    expect(rows[0]!.expires_at).toBeNull()
    // the key itself is in no column
    expect(JSON.stringify(rows[0])).not.toContain(created.key.slice(3))
  })

  it('works as a bearer token on the user’s own resources: start a render, read its status, list', async () => {
    const api = await proUser()
    const { key } = await newKey(api)
    const byKey = new Api(server.url, key)
    const started = await byKey.postForm(
      '/api/render/start',
      form(
        { generationType: 'sketch-render', userPrompt: 'a house by a lake' },
        { sketch: await sketchPng(200, 150) },
      ),
    )
    expect(started.status).toBe(202)
    const id = started.body.generation.id
    const status = await byKey.get(`/api/user/generations/status?ids=${id}`)
    expect(status.status).toBe(200)
    expect(status.body.generations[0].id).toBe(id)
    // the session sees the same job: it is the user's own
    const listed = await api.get('/api/user/generations')
    expect(listed.body.generations.map((g: { id: string }) => g.id)).toContain(id)
    // last used is recorded
    const keys = (await api.get('/api/user/api-keys')).body.keys
    expect(keys[0].lastUsedAt).not.toBeNull()
  })

  it('is refused on key management, account and admin calls, and on another user’s resources', async () => {
    const api = await proUser()
    const created = await newKey(api)
    const byKey = new Api(server.url, created.key)
    for (const [method, path, json] of [
      ['GET', '/api/user/api-keys', undefined],
      ['POST', '/api/user/api-keys', { name: 'another' }],
      ['DELETE', `/api/user/api-keys/${created.id}`, undefined],
      ['GET', '/api/admin/styles', undefined],
      ['GET', '/api/admin/plans', undefined],
      ['POST', '/api/payments/cancel-subscription', {}],
      ['POST', '/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 }],
      ['GET', '/api/user/subscriptions', undefined],
    ] as const) {
      const r = await byKey.request(method, path, json === undefined ? {} : { json })
      expect([method, path, r.status, r.body.error?.code]).toEqual([method, path, 403, 'api_key_not_allowed'])
    }
    // the key still exists: a refused delete did not revoke it
    expect((await api.get('/api/user/api-keys')).body.keys).toHaveLength(1)
    // signing out with a key does not revoke it either
    await byKey.post('/api/auth/sign-out')
    expect((await byKey.get('/api/user/generations')).status).toBe(200)

    const other = new Api(server.url)
    await other.signUp()
    const theirs = await other.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a barn' }, { sketch: await sketchPng(120, 90) }),
    )
    const r = await byKey.get(`/api/user/generations/${theirs.body.generation.id}`)
    expect(r.status).toBe(404)
    // and another user's key id cannot be revoked by this user
    expect((await other.request('DELETE', `/api/user/api-keys/${created.id}`)).status).toBe(404)
  })

  it('a revoked key is refused at once; a key cannot be revoked twice', async () => {
    const api = await proUser()
    const { id, key } = await newKey(api)
    const byKey = new Api(server.url, key)
    expect((await byKey.get('/api/user/generations')).status).toBe(200) // now cached
    const revoked = await api.request('DELETE', `/api/user/api-keys/${id}`)
    expect(revoked.status).toBe(200)
    const after = await byKey.get('/api/user/generations')
    expect(after.status).toBe(401)
    expect((await api.request('DELETE', `/api/user/api-keys/${id}`)).status).toBe(404)
    expect((await api.get('/api/user/api-keys')).body.keys).toEqual([])
  })

  it(`answers 429 with Retry-After past ${PER_MINUTE} requests a minute per key, not per user`, async () => {
    const api = await proUser()
    const first = await newKey(api, 'one')
    const second = await newKey(api, 'two')
    const one = new Api(server.url, first.key)
    const statuses: number[] = []
    let limited: ApiResponse | null = null
    for (let i = 0; i < PER_MINUTE + 2; i++) {
      const r = await one.get('/api/user/generations')
      statuses.push(r.status)
      if (r.status === 429) limited ??= r
    }
    expect(statuses.slice(0, PER_MINUTE)).toEqual(Array(PER_MINUTE).fill(200))
    expect(statuses.slice(PER_MINUTE)).toEqual([429, 429])
    expect(limited!.body.error.code).toBe('rate_limited')
    const retryAfter = Number(limited!.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    // the other key and the browser session have their own budgets
    expect((await new Api(server.url, second.key).get('/api/user/generations')).status).toBe(200)
    expect((await api.get('/api/user/generations')).status).toBe(200)
  })

  it('a lapsed Pro plan suspends its keys at once; they are listed as suspended', async () => {
    const api = await proUser()
    const { key } = await newKey(api)
    const byKey = new Api(server.url, key)
    expect((await byKey.get('/api/user/generations')).status).toBe(200)
    await pressTestPortal(api, { action: 'cancel' })
    // cancelled: the plan holds until the end of the period, so does the key
    expect((await byKey.get('/api/user/generations')).status).toBe(200)
    await pressTestPortal(api, { action: 'advance' })
    const r = await byKey.get('/api/user/generations')
    expect(r.status).toBe(403)
    expect(r.body.error.code).toBe('api_access_required')
    const list = await api.get('/api/user/api-keys')
    expect(list.body.apiAccess).toBe(false)
    expect(list.body.keys).toHaveLength(1)
  })
})

describe.runIf(!!PG_URL)('revocation across processes (PostgreSQL)', () => {
  it('a key revoked on one API process is refused on another within a second', async () => {
    const db = await createTestDatabase()
    const dataDir = mkdtempSync(join(tmpdir(), 'parti-keys-'))
    const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, SESSION_SECRET: 'k'.repeat(40) }
    const a = await spawnParti('api', env)
    const b = await spawnParti('api', env)
    try {
      const api = await proUser(a.url)
      const { id, key } = await newKey(api)
      const onB = new Api(b.url, key)
      // B resolves and caches the key
      expect((await onB.get('/api/user/generations')).status).toBe(200)
      expect((await onB.get('/api/user/generations')).status).toBe(200)
      expect((await api.request('DELETE', `/api/user/api-keys/${id}`)).status).toBe(200)
      const revokedAt = Date.now()
      let status = 200
      while (status !== 401 && Date.now() - revokedAt < 5_000) {
        status = (await onB.get('/api/user/generations')).status
        if (status !== 401) await new Promise((r) => setTimeout(r, 20))
      }
      const ms = Date.now() - revokedAt
      console.log(`revoked key refused on the second process after ${ms} ms`)
      expect(status).toBe(401)
      expect(ms).toBeLessThan(1_000)
    } finally {
      await Promise.all([a.kill('SIGKILL'), b.kill('SIGKILL')])
      rmSync(dataDir, { recursive: true, force: true })
      await db.drop()
    }
  }, 120_000)
})
