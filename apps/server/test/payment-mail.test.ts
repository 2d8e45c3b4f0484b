import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../src/db/schema.ts'
import { freePort } from './helpers/browser.ts'
import { Api } from './helpers/client.ts'
import { buyOnTestCheckout, pressTestPortal } from './helpers/payments.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'
import { SmtpSink } from './helpers/smtp.ts'

// docs/product.md#mail: a receipt for a purchase, and a mail when a plan renews, is cancelled and ends, each
// queued with the ledger or subscription change that caused it, once.

let server: TestServer
let sink: SmtpSink

beforeAll(async () => {
  sink = await new SmtpSink(await freePort()).start()
  server = await startTestServer({
    env: { SMTP_URL: sink.url, MAIL_FROM: 'Parti <no-reply@parti.test>', MAIL_RETRY_SECONDS: '1' },
  })
})
afterAll(async () => {
  await server.close()
  await sink.stop()
})

async function customer(language: string) {
  const api = new Api(server.url)
  const email = `buyer-${randomBytes(4).toString('hex')}@studio.test`
  const r = await api.post('/api/auth/sign-up', { email, password: 'drawing-board-9', language })
  expect(r.status).toBe(201)
  api.token = r.body.token
  return { api, email }
}

const kindsTo = async (email: string, kind: string) =>
  (
    await server.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, kind)))
  ).length

describe('payment mails', () => {
  it('a credit pack gets a receipt in the buyer language, once', async () => {
    const { api, email } = await customer('fr')
    await buyOnTestCheckout(api, '/api/payments/create-a-la-carte-payment', { amount: 1, credits: 200 })
    const mail = await sink.waitFor(email, (m) => m.parsed.subject === 'Votre reçu Parti')
    expect(mail.parsed.text).toMatch(/200 crédits ont été ajoutés à votre compte pour 1,00\s€/u)
    expect(mail.parsed.text).toContain("Les crédits n'expirent jamais.")
    expect(await kindsTo(email, 'payment-receipt')).toBe(1)
  })

  it('a plan: a receipt, then a renewal, a cancellation with its end date, and its end, each once', async () => {
    const { api, email } = await customer('en')
    await buyOnTestCheckout(api, '/api/user/subscriptions/create', {
      plan: 'standard',
      billingType: 'monthly',
    })
    const receipt = await sink.waitFor(email, (m) => m.parsed.subject === 'Your Parti receipt')
    expect(receipt.parsed.text).toContain('your Standard plan (monthly) is paid, €39.00, and 7,800 credits')

    await pressTestPortal(api, { action: 'advance' })
    const renewed = await sink.waitFor(email, (m) => m.parsed.subject === 'Your Standard plan is renewed')
    expect(renewed.parsed.text).toContain('renewed for €39.00; 7,800 credits were added')

    const end = new Date((await api.get('/api/user/profile')).body.user.subscriptionEndDate)
    await pressTestPortal(api, { action: 'cancel' })
    await pressTestPortal(api, { action: 'cancel' })
    const cancelled = await sink.waitFor(email, (m) => m.parsed.subject === 'Your Standard plan is cancelled')
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(end)
    expect(cancelled.parsed.text).toContain(`It stays active until ${day}`)

    await pressTestPortal(api, { action: 'advance' })
    await sink.waitFor(email, (m) => m.parsed.subject === 'Your Standard plan has ended')

    expect(await kindsTo(email, 'payment-receipt')).toBe(1)
    expect(await kindsTo(email, 'subscription-renewed')).toBe(1)
    expect(await kindsTo(email, 'subscription-cancelled')).toBe(1)
    expect(await kindsTo(email, 'subscription-ended')).toBe(1)
  })
})
