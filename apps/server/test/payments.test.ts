import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Api } from './helpers/client.ts'
import { balance, ledgerSum } from './helpers/jobs.ts'
import {
  buyOnTestCheckout,
  getPage,
  pressTestCheckout,
  pressTestPortal,
  profile,
  transactions,
} from './helpers/payments.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'
import { readEvents } from './helpers/sse.ts'

// The built-in test checkout (the embedded default): every payments call of docs/product.md#api-payments, the
// test pages' three outcomes, the subscription rules of docs/product.md#subscription-states, and the ledger
// (one row per grant, applied once).

let server: TestServer
const FREE = 200

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_CREDITS: String(FREE) } })
})
afterAll(() => server.close())

const signedUp = async () => {
  const api = new Api(server.url)
  await api.signUp()
  return api
}

const refsOf = async (api: Api) => {
  const uid = (await profile(api)).uid
  return server.ctx.database.query<{ kind: string; amount: number; external_ref: string | null }>(
    'select kind, amount, external_ref from credit_transactions where user_id = $1 order by created_at, id',
    [uid],
  )
}

describe('payments configuration', () => {
  it('names the built-in test provider, in test mode, without a publishable key', async () => {
    const r = await new Api(server.url).get('/api/payments/config')
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ provider: 'local', testMode: true, publishableKey: null, currency: 'EUR' })
  })

  it('every payments call needs sign-in', async () => {
    const anon = new Api(server.url)
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/api/payments/create-checkout-session', { plan: 'lite', billingType: 'monthly' }],
      ['POST', '/api/payments/create-payment-session', { plan: 'lite' }],
      ['POST', '/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 }],
      ['GET', '/api/payments/checkout-session/cs_test_local_x'],
      ['POST', '/api/payments/create-portal-session', {}],
      ['POST', '/api/payments/cancel-subscription', {}],
      ['GET', '/api/user/subscriptions'],
      ['POST', '/api/user/subscriptions/create', { plan: 'lite', billingType: 'monthly' }],
      ['POST', '/api/user/subscriptions/sub_x/cancel', {}],
      ['POST', '/api/user/subscriptions/sub_x/renew', {}],
      ['POST', '/api/user/credits/purchase', { plan: 'lite' }],
    ]
    for (const [method, path, json] of calls) {
      const r = await anon.request(method, path, json === undefined ? {} : { json })
      expect(r.status, path).toBe(401)
      expect(r.body.error.code, path).toBe('unauthorized')
    }
  })
})

describe('à la carte', () => {
  it('EUR 5 through the test checkout adds 1,000 credits once, as a purchase keyed by the session', async () => {
    const api = await signedUp()
    const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 })
    expect(start.status).toBe(200)
    expect(start.body.sessionId).toMatch(/^cs_test_local_/)
    expect(start.body.url).toBe(`/api/payments/test-checkout/${start.body.sessionId}?lang=en`)

    const before = await api.get(`/api/payments/checkout-session/${start.body.sessionId}`)
    expect(before.body.session).toMatchObject({
      id: start.body.sessionId,
      provider: 'local',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 500,
      currency: 'eur',
      credits: 1000,
      plan: null,
    })

    const page = await getPage(api, start.body.url)
    expect(page.status).toBe(200)
    expect(page.html).toContain('Test mode')
    expect(page.html).toContain('1,000 credits')
    expect(page.html).toContain('€5.00')

    const events = readEvents(server.url, api.token!)
    const paid = await pressTestCheckout(api, start.body.sessionId, 'paid')
    expect(paid.status).toBe(303)
    expect(paid.location).toBe(`/pricing?session_id=${start.body.sessionId}&success=true&type=one-time`)
    // the top bar follows the balance live
    const changed = await events.next('balance.changed', (d) => d.change === 1000)
    expect(changed.data.credits).toBe(FREE + 1000)
    events.close()

    expect(await balance(api)).toBe(FREE + 1000)
    const after = await api.get(`/api/payments/checkout-session/${start.body.sessionId}`)
    expect(after.body.session).toMatchObject({ status: 'complete', payment_status: 'paid' })

    // the same button again (a double click, a reload): nothing more
    expect((await pressTestCheckout(api, start.body.sessionId, 'paid')).status).toBe(303)
    expect(await balance(api)).toBe(FREE + 1000)
    expect(await refsOf(api)).toEqual([
      { kind: 'grant', amount: FREE, external_ref: null },
      { kind: 'purchase', amount: 1000, external_ref: `checkout:${start.body.sessionId}` },
    ])
    expect((await transactions(api))[0]!.description).toBe('1,000 credits bought (EUR 5.00)')
    expect(await ledgerSum(api)).toBe(await balance(api))
  })

  it('ten simultaneous Pay presses add the credits once', async () => {
    const api = await signedUp()
    const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 25, credits: 5000 })
    const presses = await Promise.all(
      Array.from({ length: 10 }, () => pressTestCheckout(api, start.body.sessionId, 'paid')),
    )
    expect(presses.every((p) => p.status === 303)).toBe(true)
    expect(await balance(api)).toBe(FREE + 5000)
    expect((await refsOf(api)).filter((r) => r.kind === 'purchase')).toHaveLength(1)
  })

  it('a pending payment adds nothing until it succeeds', async () => {
    const api = await signedUp()
    const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 3, credits: 600 })
    const pending = await pressTestCheckout(api, start.body.sessionId, 'pending')
    expect(pending.location).toBe(`/pricing?session_id=${start.body.sessionId}&success=true&type=one-time`)
    const s = await api.get(`/api/payments/checkout-session/${start.body.sessionId}`)
    expect(s.body.session).toMatchObject({ status: 'complete', payment_status: 'unpaid' })
    expect(await balance(api)).toBe(FREE)

    const page = await getPage(api, `/api/payments/test-checkout/${start.body.sessionId}`)
    expect(page.html).toContain('Payment pending')
    await pressTestCheckout(api, start.body.sessionId, 'paid') // the asynchronous payment succeeds
    expect(await balance(api)).toBe(FREE + 600)
  })

  it('a cancelled checkout goes back with canceled=true, adds nothing, and cannot be paid later', async () => {
    const api = await signedUp()
    const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 })
    const cancel = await pressTestCheckout(api, start.body.sessionId, 'cancelled')
    expect(cancel.status).toBe(303)
    expect(cancel.location).toBe('/pricing?canceled=true&type=one-time')
    const s = await api.get(`/api/payments/checkout-session/${start.body.sessionId}`)
    expect(s.body.session).toMatchObject({ status: 'expired', payment_status: 'unpaid' })
    const late = await pressTestCheckout(api, start.body.sessionId, 'paid')
    expect(late.location).toBe('/pricing?canceled=true&type=one-time')
    expect(await balance(api)).toBe(FREE)
  })

  it('a failed pending payment adds nothing', async () => {
    const api = await signedUp()
    const start = await api.post('/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 })
    await pressTestCheckout(api, start.body.sessionId, 'pending')
    await pressTestCheckout(api, start.body.sessionId, 'cancelled')
    await pressTestCheckout(api, start.body.sessionId, 'paid')
    expect(await balance(api)).toBe(FREE)
    expect((await getPage(api, `/api/payments/test-checkout/${start.body.sessionId}`)).html).toContain(
      'Checkout cancelled',
    )
  })

  it('refuses amounts under EUR 1, fractions, credits other than amount × 200, and other types', async () => {
    const api = await signedUp()
    const bad: Array<[unknown, string]> = [
      [{ amount: 0, credits: 0 }, 'amount'],
      [{ amount: -5, credits: -1000 }, 'amount'],
      [{ amount: 2.5, credits: 500 }, 'amount'],
      [{ amount: '5', credits: 1000 }, 'amount'],
      [{ amount: 5, credits: 1001 }, 'credits'],
      [{ amount: 5, credits: 100000 }, 'credits'],
      [{ amount: 5001, credits: 5001 * 200 }, 'amount'],
      [{ amount: 5 }, 'credits'],
    ]
    for (const [body, field] of bad) {
      const r = await api.post('/api/payments/create-a-la-carte-payment', body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.error.code).toBe('validation_failed')
      expect(r.body.error.details.field, JSON.stringify(body)).toBe(field)
    }
    const r = await api.post('/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1001 })
    expect(r.body.error.message).toBe('credits: must be amount × 200 (1000 for 5 EUR)')
  })

  it('a checkout is its owner’s: another account gets 404 for the session, its page and its buttons', async () => {
    const owner = await signedUp()
    const other = await signedUp()
    const start = await owner.post('/api/payments/create-a-la-carte-payment', { amount: 5, credits: 1000 })
    expect((await other.get(`/api/payments/checkout-session/${start.body.sessionId}`)).status).toBe(404)
    expect((await getPage(other, start.body.url)).status).toBe(404)
    const press = await pressTestCheckout(other, start.body.sessionId, 'paid')
    expect(press.status).toBe(404)
    expect(await balance(owner)).toBe(FREE)
    expect(await balance(other)).toBe(FREE)
    expect((await owner.get('/api/payments/checkout-session/cs_test_local_nope')).status).toBe(404)
  })

  it('the test page speaks the app’s language, right to left in Arabic', async () => {
    const api = await signedUp()
    const r = await api.request('POST', '/api/payments/create-a-la-carte-payment', {
      json: { amount: 5, credits: 1000 },
      headers: { 'accept-language': 'ar' },
    })
    expect(r.body.url).toMatch(/\?lang=ar$/)
    const page = await getPage(api, r.body.url)
    expect(page.html).toContain('<html lang="ar" dir="rtl">')
    expect(page.html).toContain('وضع الاختبار')
  })
})

describe('one month of a plan’s credits, once (create-payment-session, /user/credits/purchase)', () => {
  it('charges the monthly price and adds the monthly credits without subscribing', async () => {
    const api = await signedUp()
    const id = await buyOnTestCheckout(api, '/api/user/credits/purchase', { plan: 'lite' })
    const s = (await api.get(`/api/payments/checkout-session/${id}`)).body.session
    expect(s).toMatchObject({
      mode: 'payment',
      amount_total: 1200,
      credits: 2400,
      plan: 'lite',
      payment_status: 'paid',
    })
    expect(await balance(api)).toBe(FREE + 2400)
    expect((await profile(api)).plan).toBeNull()

    const pro = await api.post('/api/payments/create-payment-session', { plan: 'pro' })
    expect(
      (await api.get(`/api/payments/checkout-session/${pro.body.sessionId}`)).body.session,
    ).toMatchObject({
      amount_total: 9900,
      credits: 19800,
    })
  })

  it('accepts only lite, standard or pro', async () => {
    const api = await signedUp()
    for (const path of ['/api/user/credits/purchase', '/api/payments/create-payment-session']) {
      const r = await api.post(path, { plan: 'gold' })
      expect(r.status).toBe(400)
      expect(r.body.error.details.field).toBe('plan')
    }
    const r = await api.post('/api/payments/create-checkout-session', { plan: 'Pro', billingType: 'monthly' })
    expect(r.status).toBe(400)
    const b = await api.post('/api/payments/create-checkout-session', { plan: 'pro', billingType: 'weekly' })
    expect(b.status).toBe(400)
    expect(b.body.error.details.field).toBe('billingType')
  })
})

describe('subscriptions', () => {
  it('Standard monthly: the profile shows the plan, the month’s credits arrive once, keyed by the invoice', async () => {
    const api = await signedUp()
    const start = await api.post('/api/payments/create-checkout-session', {
      plan: 'standard',
      billingType: 'monthly',
    })
    expect(start.status).toBe(200)
    const page = await getPage(api, start.body.url)
    expect(page.html).toContain('Standard plan')
    expect(page.html).toContain('€39.00')
    expect(page.html).toContain('7,800 credits each month')
    const paid = await pressTestCheckout(api, start.body.sessionId, 'paid')
    expect(paid.location).toBe(`/pricing?session_id=${start.body.sessionId}&success=true&type=subscription`)

    const user = await profile(api)
    expect(user).toMatchObject({
      plan: 'standard',
      subscriptionType: 'monthly',
      subscriptionStatus: 'active',
      autoRenewal: true,
      credits: FREE + 7800,
    })
    const days = (Date.parse(user.subscriptionEndDate) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(27)
    expect(days).toBeLessThan(32)

    const subs = (await api.get('/api/user/subscriptions')).body.subscriptions
    expect(subs).toHaveLength(1)
    expect(subs[0]).toMatchObject({
      provider: 'local',
      plan: 'standard',
      billingType: 'monthly',
      status: 'active',
      cancelAtPeriodEnd: false,
      autoRenewal: true,
      currentPeriodEnd: user.subscriptionEndDate,
    })
    const session = (await api.get(`/api/payments/checkout-session/${start.body.sessionId}`)).body.session
    expect(session).toMatchObject({ mode: 'subscription', payment_status: 'paid', subscription: subs[0].id })
    expect((await refsOf(api)).at(-1)).toEqual({
      kind: 'subscription',
      amount: 7800,
      external_ref: `invoice:in_local_${start.body.sessionId.replace('cs_test_local_', '')}`,
    })
    // a repeated press changes nothing
    await pressTestCheckout(api, start.body.sessionId, 'paid')
    expect(await balance(api)).toBe(FREE + 7800)
    expect((await api.get('/api/user/subscriptions')).body.subscriptions).toHaveLength(1)
  })

  it('the current plan: You already have this plan; another plan or period: the portal (409)', async () => {
    const api = await signedUp()
    await buyOnTestCheckout(api, '/api/payments/create-checkout-session', {
      plan: 'lite',
      billingType: 'monthly',
    })
    const same = await api.post('/api/payments/create-checkout-session', {
      plan: 'lite',
      billingType: 'monthly',
    })
    expect(same.status).toBe(409)
    expect(same.body.error).toMatchObject({
      code: 'conflict',
      message: 'You already have this plan',
      details: { reason: 'same_plan' },
    })
    for (const body of [
      { plan: 'pro', billingType: 'monthly' },
      { plan: 'lite', billingType: 'yearly' },
    ]) {
      for (const path of ['/api/payments/create-checkout-session', '/api/user/subscriptions/create']) {
        const r = await api.post(path, body)
        expect(r.status).toBe(409)
        expect(r.body.error.details.reason).toBe('active_subscription')
        expect(r.body.error.message).toContain('You already have an active subscription')
      }
    }
  })

  it('two checkouts opened before subscribing: the second one cannot be paid into a second subscription', async () => {
    const api = await signedUp()
    const a = await api.post('/api/user/subscriptions/create', { plan: 'lite', billingType: 'monthly' })
    const b = await api.post('/api/user/subscriptions/create', { plan: 'pro', billingType: 'monthly' })
    expect((await pressTestCheckout(api, a.body.sessionId, 'paid')).status).toBe(303)
    const second = await pressTestCheckout(api, b.body.sessionId, 'paid')
    expect(second.status).toBe(409)
    expect(second.html).toContain('You already have an active subscription')
    expect((await api.get('/api/user/subscriptions')).body.subscriptions).toHaveLength(1)
    expect(await balance(api)).toBe(FREE + 2400)
  })

  it('yearly: billed EUR 948 for Pro, the year’s credits at once, the end date a year away', async () => {
    const api = await signedUp()
    const id = await buyOnTestCheckout(api, '/api/user/subscriptions/create', {
      plan: 'pro',
      billingType: 'yearly',
    })
    expect((await api.get(`/api/payments/checkout-session/${id}`)).body.session.amount_total).toBe(94800)
    const user = await profile(api)
    expect(user).toMatchObject({ plan: 'pro', subscriptionType: 'yearly', credits: FREE + 12 * 19800 })
    const days = (Date.parse(user.subscriptionEndDate) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(364)
    expect(days).toBeLessThan(367)
  })

  it('cancel keeps the plan to the end date with auto-renew off; twice is fine; renew undoes it', async () => {
    const api = await signedUp()
    await buyOnTestCheckout(api, '/api/payments/create-checkout-session', {
      plan: 'standard',
      billingType: 'monthly',
    })
    const end = (await profile(api)).subscriptionEndDate

    const cancel = await api.post('/api/payments/cancel-subscription')
    expect(cancel.status).toBe(200)
    expect(cancel.body).toEqual({ success: true, message: 'Subscription cancelled successfully' })
    expect(await profile(api)).toMatchObject({
      plan: 'standard',
      subscriptionStatus: 'cancelled',
      autoRenewal: false,
      subscriptionEndDate: end,
    })
    expect((await api.post('/api/payments/cancel-subscription')).status).toBe(200)

    const [sub] = (await api.get('/api/user/subscriptions')).body.subscriptions
    expect(sub).toMatchObject({ status: 'cancelled', cancelAtPeriodEnd: true, autoRenewal: false })
    // still the current plan while it runs
    const again = await api.post('/api/payments/create-checkout-session', {
      plan: 'standard',
      billingType: 'monthly',
    })
    expect(again.body.error.details.reason).toBe('same_plan')

    const renew = await api.post(`/api/user/subscriptions/${sub.id}/renew`)
    expect(renew.status).toBe(200)
    expect(renew.body.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      autoRenewal: true,
    })
    expect(await profile(api)).toMatchObject({
      subscriptionStatus: 'active',
      autoRenewal: true,
      subscriptionEndDate: end,
    })

    const byId = await api.post(`/api/user/subscriptions/${sub.id}/cancel`)
    expect(byId.body).toMatchObject({ success: true, message: 'Subscription cancelled successfully' })
    expect(byId.body.subscription.status).toBe('cancelled')
    expect(await balance(api)).toBe(FREE + 7800)
  })

  it('nothing to cancel or renew: 409; another user’s subscription: 404', async () => {
    const api = await signedUp()
    const none = await api.post('/api/payments/cancel-subscription')
    expect(none.status).toBe(409)
    expect(none.body.error.details.reason).toBe('no_subscription')

    const owner = await signedUp()
    await buyOnTestCheckout(owner, '/api/user/subscriptions/create', { plan: 'lite', billingType: 'monthly' })
    const [sub] = (await owner.get('/api/user/subscriptions')).body.subscriptions
    expect((await api.post(`/api/user/subscriptions/${sub.id}/cancel`)).status).toBe(404)
    expect((await api.post(`/api/user/subscriptions/${sub.id}/renew`)).status).toBe(404)
    expect((await api.post('/api/user/subscriptions/sub_nope/cancel')).status).toBe(404)
    expect((await owner.get('/api/user/subscriptions')).body.subscriptions[0].status).toBe('active')
  })
})

describe('the test billing portal and billing clock', () => {
  it('opens from create-portal-session and shows the plan', async () => {
    const api = await signedUp()
    const empty = await api.post('/api/payments/create-portal-session')
    expect(empty.body.url).toBe('/api/payments/test-portal?lang=en')
    expect((await getPage(api, empty.body.url)).html).toContain('You have no subscription')

    await buyOnTestCheckout(api, '/api/user/subscriptions/create', {
      plan: 'standard',
      billingType: 'monthly',
    })
    const page = await getPage(api, empty.body.url)
    expect(page.status).toBe(200)
    expect(page.html).toContain('Test billing portal')
    expect(page.html).toContain('Standard plan')
    expect(page.html).toContain('Renews on')
    expect((await getPage(new Api(server.url), empty.body.url)).status).toBe(404)
  })

  it('opens on the plan and period chosen on the pricing page, preselected', async () => {
    const api = await signedUp()
    await buyOnTestCheckout(api, '/api/user/subscriptions/create', { plan: 'lite', billingType: 'monthly' })
    const r = await api.post('/api/payments/create-portal-session', { plan: 'pro', billingType: 'yearly' })
    expect(r.status).toBe(200)
    expect(r.body.url).toBe('/api/payments/test-portal?plan=pro:yearly&lang=en')
    const page = await getPage(api, r.body.url)
    expect(page.html).toContain('data-testid="portal-chosen"')
    expect(page.html).toContain('You chose Pro · Yearly')
    expect(page.html).toMatch(/<option value="pro:yearly" selected>/)
    // without a choice the current plan is selected and nothing is said
    const plain = await getPage(api, '/api/payments/test-portal?lang=en')
    expect(plain.html).toMatch(/<option value="lite:monthly" selected>/)
    expect(plain.html).not.toContain('portal-chosen')
    const half = await api.post('/api/payments/create-portal-session', { plan: 'pro' })
    expect(half.status).toBe(400)
  })

  it('changes the plan at once, with its credits from the next period', async () => {
    const api = await signedUp()
    await buyOnTestCheckout(api, '/api/user/subscriptions/create', { plan: 'lite', billingType: 'monthly' })
    const end = (await profile(api)).subscriptionEndDate
    const change = await pressTestPortal(api, { action: 'change', plan: 'pro:monthly' })
    expect(change.status).toBe(303)
    expect(change.location).toBe('/api/payments/test-portal?lang=en&done=change')
    expect(await profile(api)).toMatchObject({
      plan: 'pro',
      subscriptionType: 'monthly',
      subscriptionEndDate: end,
    })
    expect(await balance(api)).toBe(FREE + 2400)

    await pressTestPortal(api, { action: 'advance' })
    expect(await balance(api)).toBe(FREE + 2400 + 19800)
    expect((await pressTestPortal(api, { action: 'change', plan: 'gold:monthly' })).status).toBe(400)
  })

  it('a change of billing interval starts a new period now, paid and credited now, both ways', async () => {
    const day = 86_400_000
    const api = await signedUp()
    await buyOnTestCheckout(api, '/api/user/subscriptions/create', { plan: 'lite', billingType: 'monthly' })
    await pressTestPortal(api, { action: 'change', plan: 'pro:yearly' })
    const yearly = await profile(api)
    expect(yearly).toMatchObject({ plan: 'pro', subscriptionType: 'yearly' })
    expect(Date.parse(yearly.subscriptionEndDate) - Date.now()).toBeGreaterThan(360 * day)
    expect(await balance(api)).toBe(FREE + 2400 + 12 * 19800)

    // back to monthly: the year's end date is not kept
    await pressTestPortal(api, { action: 'change', plan: 'pro:monthly' })
    const monthly = await profile(api)
    expect(monthly).toMatchObject({ plan: 'pro', subscriptionType: 'monthly' })
    const left = Date.parse(monthly.subscriptionEndDate) - Date.now()
    expect(left).toBeGreaterThan(27 * day)
    expect(left).toBeLessThan(32 * day)
    expect(await balance(api)).toBe(FREE + 2400 + 12 * 19800 + 19800)
    expect(await ledgerSum(api)).toBe(await balance(api))
  })

  it('the end of a period renews and adds the credits once, even when two processes run the clock', async () => {
    const api = await signedUp()
    await buyOnTestCheckout(api, '/api/user/subscriptions/create', {
      plan: 'standard',
      billingType: 'monthly',
    })
    const end = Date.parse((await profile(api)).subscriptionEndDate)
    // the page's button names the period it ends: a double press, or a second tab, ends it once
    const press = () => pressTestPortal(api, { action: 'advance', period: String(end) })
    const presses = await Promise.all([press(), press()])
    expect(presses.map((p) => p.status)).toEqual([303, 303])
    expect((await press()).status).toBe(303)
    expect(await balance(api)).toBe(FREE + 2 * 7800)
    const next = Date.parse((await profile(api)).subscriptionEndDate)
    expect((next - end) / 86_400_000).toBeGreaterThan(27)
    const kinds = (await refsOf(api)).filter((r) => r.kind === 'subscription')
    expect(kinds).toHaveLength(2)
    expect(new Set(kinds.map((k) => k.external_ref)).size).toBe(2)
  })

  it('a cancelled subscription ends at the end of its period: no plan, no more credits', async () => {
    const api = await signedUp()
    await buyOnTestCheckout(api, '/api/user/subscriptions/create', {
      plan: 'standard',
      billingType: 'monthly',
    })
    await pressTestPortal(api, { action: 'cancel' })
    expect(await profile(api)).toMatchObject({ subscriptionStatus: 'cancelled', autoRenewal: false })
    await pressTestPortal(api, { action: 'advance' })
    const user = await profile(api)
    expect(user).toMatchObject({
      plan: null,
      subscriptionType: null,
      subscriptionStatus: 'expired',
      autoRenewal: false,
    })
    expect(user.credits).toBe(FREE + 7800)
    expect((await api.get('/api/user/subscriptions')).body.subscriptions[0].status).toBe('expired')
    // renewing after the end is refused; subscribing again is a new checkout
    const [sub] = (await api.get('/api/user/subscriptions')).body.subscriptions
    const renew = await api.post(`/api/user/subscriptions/${sub.id}/renew`)
    expect(renew.status).toBe(409)
    expect(renew.body.error.details.reason).toBe('subscription_ended')
    const again = await api.post('/api/payments/create-checkout-session', {
      plan: 'standard',
      billingType: 'monthly',
    })
    expect(again.status).toBe(200)
  })

  it('the portal renews a cancelled subscription', async () => {
    const api = await signedUp()
    await buyOnTestCheckout(api, '/api/user/subscriptions/create', { plan: 'lite', billingType: 'yearly' })
    await pressTestPortal(api, { action: 'cancel' })
    const page = await getPage(api, '/api/payments/test-portal?lang=en&done=cancel')
    expect(page.html).toContain('Cancelled: access until')
    await pressTestPortal(api, { action: 'renew' })
    expect(await profile(api)).toMatchObject({ subscriptionStatus: 'active', autoRenewal: true })
  })

  it('the ledger explains the balance after all of it', async () => {
    const api = await signedUp()
    await buyOnTestCheckout(api, '/api/payments/create-a-la-carte-payment', { amount: 1, credits: 200 })
    await buyOnTestCheckout(api, '/api/user/subscriptions/create', { plan: 'lite', billingType: 'monthly' })
    await pressTestPortal(api, { action: 'advance' })
    expect(await balance(api)).toBe(FREE + 200 + 2400 + 2400)
    expect(await ledgerSum(api)).toBe(await balance(api))
    const kinds = (await transactions(api)).map((t) => t.kind)
    expect(kinds.sort()).toEqual(['grant', 'purchase', 'subscription', 'subscription'])
  })
})

describe('the billing clock on real time', () => {
  it('renews every missed period once, even when two API processes run it at the same moment', async () => {
    const { LocalPaymentProvider } = await import('../src/payments/local/provider.ts')
    const api = await signedUp()
    await buyOnTestCheckout(api, '/api/user/subscriptions/create', { plan: 'lite', billingType: 'monthly' })
    const [sub] = (await api.get('/api/user/subscriptions')).body.subscriptions
    // the server was down for two months: its period ended 45 days ago
    const ended = new Date(Date.now() - 45 * 86_400_000)
    await server.ctx.database.query('update subscriptions set current_period_end = $1 where id = $2', [
      ended,
      sub.id,
    ])
    const a = new LocalPaymentProvider(server.ctx.database.db)
    const b = new LocalPaymentProvider(server.ctx.database.db)
    const [ra, rb] = await Promise.all([a.runDue(), b.runDue()])
    expect(ra + rb).toBe(2)
    expect(await balance(api)).toBe(FREE + 3 * 2400)
    const user = await profile(api)
    expect(Date.parse(user.subscriptionEndDate)).toBeGreaterThan(Date.now())
    expect(user.subscriptionStatus).toBe('active')
    expect(await a.runDue()).toBe(0)
  })
})
