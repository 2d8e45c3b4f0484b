import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeStripe, startFakeStripe } from './fakes/stripe.ts'
import { Api } from './helpers/client.ts'
import { balance, ledgerSum } from './helpers/jobs.ts'
import { profile } from './helpers/payments.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Stripe behind the PaymentProvider interface, against a fake of its API: the checkout requests Parti makes,
// and POST /api/webhooks/stripe with real signatures (stripe.webhooks.generateTestHeaderString), forged and
// stale ones, duplicates, events out of order, payloads that lie, and Stripe being down while re-reading.

const SECRET_KEY = 'sk_test_parti_fake'
const WEBHOOK_SECRET = 'whsec_parti_fake_secret'
const PUBLIC_URL = 'https://parti.test'
const FREE = 200

let fake: FakeStripe
let server: TestServer
const signer = new Stripe(SECRET_KEY)

beforeAll(async () => {
  fake = await startFakeStripe({
    secretKey: SECRET_KEY,
    prices: [
      { id: 'price_standard_monthly', unit_amount: 3900, interval: 'month' },
      { id: 'price_pro_monthly', unit_amount: 9900, interval: 'month', lookup_key: 'parti_pro_monthly' },
      { id: 'price_lite_admin', unit_amount: 1200, interval: 'month' },
    ],
  })
  server = await startTestServer({
    env: {
      FREE_CREDITS: String(FREE),
      PUBLIC_URL,
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_parti_fake',
      STRIPE_BASE_URL: fake.origin,
      STRIPE_PRICE_STANDARD_MONTHLY: 'price_standard_monthly',
    },
  })
})
afterAll(async () => {
  await server.close()
  await fake.close()
})

const signedUp = async () => {
  const api = new Api(server.url)
  await api.signUp()
  return api
}

/** Deliver an event as Stripe does: the exact bytes, signed with the endpoint's secret. */
async function deliver(
  event: object,
  options: { secret?: string; timestamp?: number; header?: string | null; body?: string } = {},
) {
  const payload = JSON.stringify(event)
  const header =
    options.header !== undefined
      ? options.header
      : signer.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: options.timestamp,
        })
  const res = await fetch(`${server.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
    body: options.body ?? payload,
  })
  return { status: res.status, body: (await res.json().catch(() => null)) as any }
}

const requestsTo = (path: string) =>
  fake.requests.filter((r) => r.path.startsWith(path)) as Array<{
    method: string
    headers: Record<string, any>
    body: any
  }>
const eventsRecorded = async (id: string) =>
  (
    await server.ctx.database.query<{ n: number }>(
      'select count(*)::int n from payment_events where id = $1',
      [id],
    )
  )[0]!.n

describe('Stripe checkout', () => {
  it('reports Stripe, test mode and the publishable key', async () => {
    const r = await new Api(server.url).get('/api/payments/config')
    expect(r.body).toEqual({
      provider: 'stripe',
      testMode: true,
      publishableKey: 'pk_test_parti_fake',
      currency: 'EUR',
    })
  })

  it('à la carte: one customer per user, mode=payment with the amount inline, return URLs, idempotency keys', async () => {
    const api = await signedUp()
    const uid = (await profile(api)).uid
    const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 })
    expect(start.status).toBe(200)
    expect(start.body.sessionId).toMatch(/^cs_test_/)
    expect(start.body.url).toBe(`https://checkout.stripe.test/c/pay/${start.body.sessionId}`)

    const customer = requestsTo('/v1/customers').at(-1)!
    expect(customer.headers['idempotency-key']).toBe(`parti-customer-${uid}`)
    expect(customer.body).toMatchObject({ metadata: { userId: uid } })
    const create = requestsTo('/v1/checkout/sessions').at(-1)!
    expect(create.method).toBe('POST')
    expect(create.headers['idempotency-key']).toMatch(/^parti-checkout-/)
    expect(create.body).toMatchObject({
      mode: 'payment',
      client_reference_id: uid,
      success_url: `${PUBLIC_URL}/pricing?session_id={CHECKOUT_SESSION_ID}&success=true&type=one-time`,
      cancel_url: `${PUBLIC_URL}/pricing?canceled=true&type=one-time`,
      metadata: { userId: uid, credits: '1000' },
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'eur', unit_amount: '500', product_data: { name: '1,000 Parti credits' } },
        },
      ],
    })
    expect(fake.customers.get(create.body.customer)).toBeDefined()

    // a second purchase reuses the customer
    const customersBefore = fake.customers.size
    await api.post('/api/payments/create-a-la-carte-payment', { amount: 1, credits: 200 })
    expect(fake.customers.size).toBe(customersBefore)
  })

  it('subscriptions: the configured price, else the catalogue price inline with its period', async () => {
    const api = await signedUp()
    await api.post('/api/payments/create-checkout-session', { plan: 'standard', billingType: 'monthly' })
    const standard = requestsTo('/v1/checkout/sessions').at(-1)!.body
    expect(standard).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_standard_monthly', quantity: '1' }],
      success_url: `${PUBLIC_URL}/pricing?session_id={CHECKOUT_SESSION_ID}&success=true&type=subscription`,
      subscription_data: { metadata: { plan: 'standard', billingType: 'monthly' } },
    })
    const other = await signedUp()
    await other.post('/api/user/subscriptions/create', { plan: 'pro', billingType: 'yearly' })
    expect(requestsTo('/v1/checkout/sessions').at(-1)!.body.line_items[0].price_data).toEqual({
      currency: 'eur',
      unit_amount: '94800',
      recurring: { interval: 'year' },
      product_data: { name: 'Parti Pro (yearly)', metadata: { plan: 'pro' } },
    })
  })

  it('the billing portal needs a billing account first', async () => {
    const api = await signedUp()
    const none = await api.post('/api/payments/create-portal-session')
    expect(none.status).toBe(409)
    expect(none.body.error.details.reason).toBe('no_billing_account')
    await api.post('/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 })
    const portal = await api.post('/api/payments/create-portal-session')
    expect(portal.status).toBe(200)
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//)
    expect(requestsTo('/v1/billing_portal/sessions').at(-1)!.body.return_url).toBe(`${PUBLIC_URL}/pricing`)
    // without a subscription a chosen plan opens the portal's home
    await api.post('/api/payments/create-portal-session', { plan: 'pro', billingType: 'yearly' })
    expect(requestsTo('/v1/billing_portal/sessions').at(-1)!.body.flow_data).toBeUndefined()
  })
})

describe('POST /api/webhooks/stripe', () => {
  it('checkout.session.completed (paid) adds the credits once; the same event again adds nothing', async () => {
    const api = await signedUp()
    const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 })
    const { session } = fake.completeSession(start.body.sessionId)
    const event = fake.event('checkout.session.completed', session)
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } })
    expect(await balance(api)).toBe(FREE + 1000)
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, duplicate: true } })
    // another event about the same payment (Stripe sends several) grants nothing more
    expect((await deliver(fake.event('checkout.session.async_payment_succeeded', session))).status).toBe(200)
    expect(await balance(api)).toBe(FREE + 1000)
    expect(await ledgerSum(api)).toBe(FREE + 1000)
    const s = await api.get(`/api/payments/checkout-session/${start.body.sessionId}`)
    expect(s.body.session).toMatchObject({ provider: 'stripe', status: 'complete', payment_status: 'paid' })
  })

  it('refuses forged, stale, missing and tampered signatures, and changes nothing', async () => {
    const api = await signedUp()
    const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 })
    const { session } = fake.completeSession(start.body.sessionId)
    const event = fake.event('checkout.session.completed', session)
    const refused = [
      await deliver(event, { secret: 'whsec_someone_else' }),
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await deliver(event, { header: null }),
      await deliver(event, { header: 't=123,v1=deadbeef' }),
      await deliver(event, { body: JSON.stringify({ ...event, id: 'evt_other' }) }),
    ]
    for (const r of refused) {
      expect(r.status).toBe(400)
      expect(r.body.error.code).toBe('unauthorized')
    }
    expect(await eventsRecorded(event.id)).toBe(0)
    expect(await balance(api)).toBe(FREE)
    // within the five minutes' tolerance it is accepted
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 240 })).status).toBe(200)
    expect(await balance(api)).toBe(FREE + 1000)
  })

  it('trusts Stripe, not the payload: a paid-looking event for an unpaid session adds nothing', async () => {
    const api = await signedUp()
    const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 25, credits: 5000 })
    const { session } = fake.completeSession(start.body.sessionId, { paid: false })
    const lie = fake.event('checkout.session.completed', { ...session, payment_status: 'paid' })
    expect((await deliver(lie)).status).toBe(200)
    expect(await balance(api)).toBe(FREE)
    const pending = await api.get(`/api/payments/checkout-session/${start.body.sessionId}`)
    expect(pending.body.session).toMatchObject({ status: 'complete', payment_status: 'unpaid' })
    // the bank debit clears later
    fake.succeedAsync(start.body.sessionId)
    expect((await deliver(fake.event('checkout.session.async_payment_succeeded', session))).status).toBe(200)
    expect(await balance(api)).toBe(FREE + 5000)
  })

  it('a paid amount that differs from the order adds nothing', async () => {
    const api = await signedUp()
    const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 50, credits: 10000 })
    fake.completeSession(start.body.sessionId)
    fake.sessions.get(start.body.sessionId)!.amount_total = 100
    await deliver(fake.event('checkout.session.completed', fake.sessions.get(start.body.sessionId)!))
    expect(await balance(api)).toBe(FREE)
  })

  it('a session Parti did not create is acknowledged and ignored', async () => {
    const r = await deliver(
      fake.event('checkout.session.completed', { id: 'cs_test_elsewhere', object: 'checkout.session' }),
    )
    expect(r.status).toBe(200)
  })

  it('events Parti does not act on are acknowledged once', async () => {
    const event = fake.event('charge.refunded', { id: 'ch_1', object: 'charge' })
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, ignored: true } })
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, duplicate: true } })
  })

  it('the return page re-reads the session when the webhook is late; the webhook then adds nothing more', async () => {
    const api = await signedUp()
    const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 })
    const { session } = fake.completeSession(start.body.sessionId)
    const back = await api.get(`/api/payments/checkout-session/${start.body.sessionId}`)
    expect(back.body.session.payment_status).toBe('paid')
    expect(await balance(api)).toBe(FREE + 1000)
    await deliver(fake.event('checkout.session.completed', session))
    expect(await balance(api)).toBe(FREE + 1000)
  })

  it('Stripe down while re-reading: 500, the event is not recorded, and its redelivery applies it', async () => {
    const api = await signedUp()
    const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 })
    const { session } = fake.completeSession(start.body.sessionId)
    const event = fake.event('checkout.session.completed', session)
    fake.failReads.push(500, 500, 500)
    const failed = await deliver(event)
    expect(failed.status).toBe(500)
    expect(await eventsRecorded(event.id)).toBe(0)
    fake.failReads.length = 0
    expect((await deliver(event)).status).toBe(200)
    expect(await balance(api)).toBe(FREE + 1000)
  })
})

describe('Stripe subscriptions', () => {
  const subscribe = async (api: Api) => {
    const start = await api.post('/api/payments/create-checkout-session', {
      plan: 'standard',
      billingType: 'monthly',
    })
    expect(start.status).toBe(200)
    return { sessionId: start.body.sessionId as string, ...fake.completeSession(start.body.sessionId) }
  }

  it('a plan chosen on the pricing page opens the portal on the subscription update page', async () => {
    const api = await signedUp()
    const { session, subscription } = await subscribe(api)
    await deliver(fake.event('checkout.session.completed', session))
    await deliver(fake.event('customer.subscription.created', subscription!))
    const r = await api.post('/api/payments/create-portal-session', { plan: 'pro', billingType: 'yearly' })
    expect(r.status).toBe(200)
    expect(requestsTo('/v1/billing_portal/sessions').at(-1)!.body.flow_data).toEqual({
      type: 'subscription_update',
      subscription_update: { subscription: subscription!.id },
    })
  })

  it('out of order: invoice.paid before the checkout completes still subscribes and grants once', async () => {
    const api = await signedUp()
    const { session, subscription, invoice } = await subscribe(api)
    expect((await deliver(fake.event('invoice.paid', invoice!))).status).toBe(200)
    expect(await profile(api)).toMatchObject({
      plan: 'standard',
      subscriptionType: 'monthly',
      subscriptionStatus: 'active',
      autoRenewal: true,
      credits: FREE + 7800,
      subscriptionEndDate: new Date(subscription!.items.data[0].current_period_end * 1000).toISOString(),
    })
    await deliver(fake.event('customer.subscription.created', subscription!))
    await deliver(fake.event('checkout.session.completed', session))
    await deliver(fake.event('invoice.paid', invoice!))
    expect(await balance(api)).toBe(FREE + 7800)
    const subs = (await api.get('/api/user/subscriptions')).body.subscriptions
    expect(subs).toEqual([
      expect.objectContaining({ id: subscription!.id, provider: 'stripe', status: 'active' }),
    ])
  })

  it('each renewal invoice adds a month of credits; other invoices add none', async () => {
    const api = await signedUp()
    const { session, subscription } = await subscribe(api)
    await deliver(fake.event('checkout.session.completed', session))
    expect(await balance(api)).toBe(FREE + 7800)
    const cycle = fake.renew(subscription!.id)
    await deliver(fake.event('invoice.paid', cycle))
    expect(await balance(api)).toBe(FREE + 2 * 7800)
    expect((await profile(api)).subscriptionEndDate).toBe(
      new Date(
        fake.subscriptions.get(subscription!.id)!.items.data[0].current_period_end * 1000,
      ).toISOString(),
    )
    await deliver(fake.event('invoice.paid', fake.otherInvoice(subscription!.id, 'subscription_update')))
    await deliver(fake.event('invoice.paid', fake.otherInvoice(subscription!.id, 'manual')))
    expect(await balance(api)).toBe(FREE + 2 * 7800)
  })

  it('cancel and renew go to Stripe (cancel_at_period_end) and show at once', async () => {
    const api = await signedUp()
    const { session, subscription } = await subscribe(api)
    await deliver(fake.event('checkout.session.completed', session))
    const cancel = await api.post('/api/payments/cancel-subscription')
    expect(cancel.body).toEqual({ success: true, message: 'Subscription cancelled successfully' })
    const update = requestsTo(`/v1/subscriptions/${subscription!.id}`)
      .filter((r) => r.method === 'POST')
      .at(-1)!
    expect(update.body).toEqual({ cancel_at_period_end: 'true' })
    expect(update.headers['idempotency-key']).toMatch(/^parti-cancel-/)
    expect(await profile(api)).toMatchObject({
      plan: 'standard',
      subscriptionStatus: 'cancelled',
      autoRenewal: false,
    })

    const renew = await api.post(`/api/user/subscriptions/${subscription!.id}/renew`)
    expect(renew.body.subscription).toMatchObject({ status: 'active', autoRenewal: true })
    expect(fake.subscriptions.get(subscription!.id)!.cancel_at_period_end).toBe(false)
  })

  it('a plan change in Stripe’s portal arrives as customer.subscription.updated; its end as deleted', async () => {
    const api = await signedUp()
    const { session, subscription } = await subscribe(api)
    await deliver(fake.event('checkout.session.completed', session))
    // the payload still says Standard: the re-read says Pro (by the price's lookup key)
    const stale = fake.subscriptions.get(subscription!.id)!
    fake.changePrice(subscription!.id, 'price_pro_monthly')
    await deliver(fake.event('customer.subscription.updated', { ...stale }))
    expect(await profile(api)).toMatchObject({ plan: 'pro', subscriptionType: 'monthly' })

    const ended = fake.end(subscription!.id)
    await deliver(fake.event('customer.subscription.deleted', ended))
    expect(await profile(api)).toMatchObject({
      plan: null,
      subscriptionStatus: 'expired',
      autoRenewal: false,
    })
    expect(await balance(api)).toBe(FREE + 7800)
  })

  it('a price id set on /admin/plans is used for checkouts and recognised after a plan change', async () => {
    await server.ctx.database.query(
      "update plans set payment_price_monthly = 'price_lite_admin' where name = 'lite'",
    )
    const fresh = await signedUp()
    await fresh.post('/api/payments/create-checkout-session', { plan: 'lite', billingType: 'monthly' })
    expect(requestsTo('/v1/checkout/sessions').at(-1)!.body.line_items).toEqual([
      { price: 'price_lite_admin', quantity: '1' },
    ])

    const api = await signedUp()
    const { session, subscription } = await subscribe(api)
    await deliver(fake.event('checkout.session.completed', session))
    fake.changePrice(subscription!.id, 'price_lite_admin')
    await deliver(fake.event('customer.subscription.updated', fake.subscriptions.get(subscription!.id)!))
    expect(await profile(api)).toMatchObject({ plan: 'lite', subscriptionType: 'monthly' })
    await server.ctx.database.query("update plans set payment_price_monthly = null where name = 'lite'")
  })

  it('an older update delivered after a newer one cannot bring back the old state', async () => {
    const api = await signedUp()
    const { session, subscription } = await subscribe(api)
    await deliver(fake.event('checkout.session.completed', session))
    const older = fake.event('customer.subscription.updated', fake.subscriptions.get(subscription!.id)!)
    fake.subscriptions.get(subscription!.id)!.cancel_at_period_end = true
    const newer = fake.event('customer.subscription.updated', fake.subscriptions.get(subscription!.id)!)
    await deliver(newer)
    await deliver(older)
    expect(await profile(api)).toMatchObject({ subscriptionStatus: 'cancelled', autoRenewal: false })
  })
})
