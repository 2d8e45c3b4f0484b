import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Stripe from 'stripe'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { type FakeStripe, startFakeStripe } from './fakes/stripe.ts'
import { Api } from './helpers/client.ts'
import { createTestDatabase, PG_URL } from './helpers/database.ts'
import { balance, ledgerSum } from './helpers/jobs.ts'
import { type PartiProcess, spawnParti } from './helpers/processes.ts'

// The API process killed (SIGKILL) while Stripe webhooks are in flight: some acknowledged, some inside the
// handler waiting on their re-read of Stripe. Stripe delivers every event again (it retries what was not
// acknowledged, and may resend what was): each payment is applied exactly once, every balance equals its ledger.

const SECRET_KEY = 'sk_test_parti_fake'
const WEBHOOK_SECRET = 'whsec_parti_fake_secret'
const FREE = 200
const signer = new Stripe(SECRET_KEY)

const running: PartiProcess[] = []
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.kill('SIGKILL')))
  for (const c of cleanups.splice(0).reverse()) await c()
})

function deliver(base: string, event: object) {
  // a redelivery is the same event, signed again at the time it is sent
  const payload = JSON.stringify(event)
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
  return fetch(`${base}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  })
}

describe('a restart during payment webhooks', () => {
  it('SIGKILL with events acknowledged and events mid-handler: every retry is applied once', async () => {
    const fake: FakeStripe = await startFakeStripe({ secretKey: SECRET_KEY, prices: [] })
    cleanups.push(() => fake.close())
    const dataDir = mkdtempSync(join(tmpdir(), 'parti-webhook-crash-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const template = inject('pgliteTemplate')
    if (!PG_URL && template) cpSync(template, join(dataDir, 'db'), { recursive: true })
    const db = PG_URL ? await createTestDatabase() : null
    if (db) cleanups.push(() => db.drop())
    const env = {
      DATA_DIR: dataDir,
      ...(db ? { DATABASE_URL: db.url } : {}),
      FREE_CREDITS: String(FREE),
      SESSION_SECRET: 'w'.repeat(40),
      PUBLIC_URL: 'https://parti.test',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_parti_fake',
      STRIPE_BASE_URL: fake.origin,
    }
    const first = await spawnParti('all', env)
    running.push(first)

    // six buyers of 1,000 credits, each paid at Stripe
    const buyers: Array<{ api: Api; event: Record<string, unknown>; sessionId: string }> = []
    for (let i = 0; i < 6; i++) {
      const api = new Api(first.url)
      await api.signUp()
      const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 })
      expect(start.status).toBe(200)
      const { session } = fake.completeSession(start.body.sessionId)
      buyers.push({
        api,
        sessionId: start.body.sessionId,
        event: fake.event('checkout.session.completed', session),
      })
    }
    const acknowledged = buyers.slice(0, 3)
    const inFlight = buyers.slice(3)
    for (const b of acknowledged) expect((await deliver(first.url, b.event)).status).toBe(200)

    // the other three stop inside the handler, at their re-read of the session, when the process dies
    let held = 0
    fake.beforeRead = (path) =>
      inFlight.some((b) => path.includes(b.sessionId))
        ? new Promise<void>(() => {
            held++
          })
        : Promise.resolve()
    const lost = inFlight.map((b) =>
      deliver(first.url, b.event).then(
        (r) => r.status,
        () => 'no answer',
      ),
    )
    const deadline = Date.now() + 10_000
    while (held < inFlight.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(held).toBe(inFlight.length)
    await first.kill('SIGKILL')
    expect(await Promise.all(lost)).toEqual(inFlight.map(() => 'no answer'))
    fake.beforeRead = null

    // back on the same data; Stripe retries everything, twice over
    const second = await spawnParti('all', env)
    running.push(second)
    for (const round of [0, 1]) {
      const answers = await Promise.all(
        buyers.map(
          async (b) => (await (await deliver(second.url, b.event)).json()) as Record<string, unknown>,
        ),
      )
      expect(answers.map((a) => a.duplicate === true)).toEqual(
        buyers.map((b) => round === 1 || acknowledged.includes(b)),
      )
    }
    for (const b of buyers) {
      const api = new Api(second.url, b.api.token)
      expect(await balance(api)).toBe(FREE + 1000)
      expect(await ledgerSum(api)).toBe(FREE + 1000)
      const tx = (await api.get('/api/user/credits/transactions?limit=50')).body.transactions as Array<{
        amount: number
      }>
      expect(tx.filter((t) => t.amount === 1000)).toHaveLength(1)
    }
  }, 150_000) // two process start-ups: seconds on a quiet machine, a minute on a loaded one
})
