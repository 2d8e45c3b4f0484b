import { createConnection } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { Api } from './helpers/client.ts'
import { createTestDatabase, PG_URL } from './helpers/database.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// docs/decisions/0086-rate-limits-shared.md: limits count per account as well as per address, and every API
// process counts the same requests (the database, or Redis when REDIS_URL is set).
const servers: TestServer[] = []
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
  for (const c of cleanups.splice(0)) await c()
})
const start = async (options: Parameters<typeof startTestServer>[0]) => {
  const s = await startTestServer(options)
  servers.push(s)
  return s
}

const attempt = (base: string, email: string, from: string) =>
  new Api(base).request('POST', '/api/auth/sign-in', {
    json: { email, password: 'not-the-password' },
    headers: { 'x-forwarded-for': from },
  })

describe('sign-in limits', () => {
  it('an account tried from ten addresses is limited after ten attempts', async () => {
    const s = await start({ role: 'api', env: { TRUST_PROXY: 'true' } })
    const statuses: number[] = []
    for (let i = 0; i < 12; i++)
      statuses.push((await attempt(s.url, 'victim@studio.test', `10.0.0.${i % 10}`)).status)
    expect(statuses.slice(0, 10).every((c) => c === 401)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
  })

  it('one address trying thirty e-mails is limited after twenty', async () => {
    const s = await start({ role: 'api', env: { TRUST_PROXY: 'true' } })
    const statuses: number[] = []
    for (let i = 0; i < 25; i++)
      statuses.push((await attempt(s.url, `guess-${i}@studio.test`, '10.9.9.9')).status)
    expect(statuses.filter((c) => c === 429)).toHaveLength(5)
    const r = await attempt(s.url, 'guess-0@studio.test', '10.9.9.9')
    expect(r.headers.get('retry-after')).toBeTruthy()
    // another address is not held back by it
    expect((await attempt(s.url, 'someone@studio.test', '10.1.1.1')).status).toBe(401)
  })
})

/** `count` requests from one address, 25 at a time; answers their statuses in order. */
async function flood(count: number, send: (i: number) => Promise<{ status: number }>) {
  const statuses: number[] = []
  for (let i = 0; i < count; i += 25) {
    const batch = Array.from({ length: Math.min(25, count - i) }, (_, j) => send(i + j))
    statuses.push(...(await Promise.all(batch)).map((r) => r.status))
  }
  return statuses
}

describe('every door named in docs/product.md#rate-limits has a limit', () => {
  it('sign-up, password reset (per client and per mailbox), contact, render and provider webhooks', async () => {
    const s = await start({ role: 'api', env: { TRUST_PROXY: 'true' } })
    const from = (address: string) => ({ 'x-forwarded-for': address })
    const post = (path: string, json: unknown, address: string) =>
      new Api(s.url).request('POST', path, { json, headers: from(address), token: null })
    // requests sent together reach the counter in any order (PostgreSQL takes them on several connections), so
    // which ones are refused is not fixed: exactly `allowed` pass and every other one is 429
    const limited = (statuses: number[], allowed: number) => {
      const refused = statuses.filter((c) => c === 429).length
      expect(refused, JSON.stringify(statuses)).toBe(statuses.length - allowed)
    }
    // 30 sign-ups a minute per address
    limited(
      await flood(32, (i) => post('/api/auth/sign-up', { email: 'x', password: `p${i}` }, '10.5.0.1')),
      30,
    )
    // password reset: 20 mailboxes from one client, and one mailbox from 10 clients, in 15 minutes
    limited(
      await flood(22, (i) => post('/api/auth/password-reset', { email: `m${i}@studio.test` }, '10.5.0.2')),
      20,
    )
    const mailbox: number[] = []
    for (let i = 0; i < 12; i++)
      mailbox.push(
        (await post('/api/auth/password-reset', { email: 'one@studio.test' }, `10.5.1.${i}`)).status,
      )
    limited(mailbox, 10)
    // 5 contact messages a minute
    const message = { name: 'Ana', email: 'ana@studio.test', subject: 'Hi', message: 'Hello' }
    limited(await flood(7, () => post('/api/contact/messages', message, '10.5.0.3')), 5)
    // 120 jobs a minute (counted before the session is looked at: a visitor's flood is cut off too)
    limited(await flood(122, () => post('/api/render/start', {}, '10.5.0.4')), 120)
    // 600 provider webhooks a minute per address, Stripe's or an engine's
    const hook = (path: string) => () =>
      fetch(`${s.url}${path}`, { method: 'POST', headers: from('10.5.0.5'), body: 'x' })
    limited(await flood(602, hook('/api/webhooks/stripe')), 600)
    const other = await hook('/api/webhooks/replicate')()
    expect(other.status).toBe(429)
    expect(other.headers.get('retry-after')).toBeTruthy()
  }, 120_000)
})

describe('limits shared by API processes', () => {
  it.runIf(!!PG_URL)('two API processes on one database count one account together', async () => {
    const db = await createTestDatabase()
    cleanups.push(() => db.drop())
    const a = await start({ role: 'api', databaseUrl: db.url, env: { TRUST_PROXY: 'true' } })
    const b = await start({ role: 'api', databaseUrl: db.url, env: { TRUST_PROXY: 'true' } })
    const statuses: number[] = []
    for (let i = 0; i < 12; i++)
      statuses.push((await attempt(i % 2 ? a.url : b.url, 'shared@studio.test', `10.2.0.${i}`)).status)
    expect(statuses.filter((c) => c === 429)).toHaveLength(2)
  })

  it('with REDIS_URL the counters live in Redis and two API processes share them', async (t) => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
    if (!(await reachable(new URL(url)))) return t.skip()
    const key = `redis-${Date.now()}@studio.test`
    const a = await start({ role: 'api', env: { TRUST_PROXY: 'true', REDIS_URL: url } })
    const b = await start({ role: 'api', env: { TRUST_PROXY: 'true', REDIS_URL: url } })
    const statuses: number[] = []
    for (let i = 0; i < 12; i++)
      statuses.push((await attempt(i % 2 ? a.url : b.url, key, `10.3.0.${i}`)).status)
    expect(statuses.filter((c) => c === 429)).toHaveLength(2)
  })
})

function reachable(url: URL): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(Number(url.port || 6379), url.hostname)
    socket.setTimeout(500)
    socket.on('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
    socket.on('timeout', () => {
      socket.destroy()
      resolve(false)
    })
  })
}
