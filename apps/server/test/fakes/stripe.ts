import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type FakeServer, startFakeServer } from './server.ts'

// A small fake of the Stripe endpoints Parti uses (there is no stripe-mock here), built from Stripe's documented
// shapes at API version 2025-03-31 and later: the period end on subscription items, an invoice's subscription
// under parent.subscription_details. Form-encoded bodies with bracketed keys, Bearer auth, Idempotency-Key
// replay, Stripe's error shape. Test controls move objects the way Stripe would (complete, renew, cancel).

type Obj = Record<string, any>
const rand = (n = 12) => randomBytes(n).toString('hex')
const now = () => Math.floor(Date.now() / 1000)
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v))

/** Stripe's form encoding (`line_items[0][price_data][currency]=eur`) into nested objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const out: Obj = {}
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[')
    let node: any = out
    path.forEach((key, i) => {
      const last = i === path.length - 1
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!)
      if (last) node[key] = value
      else node = node[key] ??= nextIsIndex ? [] : {}
    })
  }
  return out
}

export interface FakePrice {
  id: string
  lookup_key?: string | null
  unit_amount: number
  interval: 'month' | 'year'
}

export interface FakeStripe extends FakeServer {
  secretKey: string
  customers: Map<string, Obj>
  sessions: Map<string, Obj>
  subscriptions: Map<string, Obj>
  invoices: Map<string, Obj>
  /** answer these statuses (in order) to the next GET requests instead of the object */
  failReads: number[]
  /** awaited before answering a GET (a re-read), with its path: hold one to catch Parti mid-webhook */
  beforeRead: ((path: string) => Promise<void>) | null
  /** answer these statuses (in order) to the next subscription cancellations (DELETE) */
  failCancels: number[]
  /** the customer paid (or, with paid false, the payment is still processing) */
  completeSession(
    id: string,
    options?: { paid?: boolean },
  ): { session: Obj; subscription?: Obj; invoice?: Obj }
  /** an asynchronous payment went through later */
  succeedAsync(id: string): Obj
  /** a new period began and its invoice was paid */
  renew(subscriptionId: string): Obj
  /** an invoice of another kind (a proration after a plan change, a manual invoice) */
  otherInvoice(subscriptionId: string, billingReason: string): Obj
  /** the plan was changed in the portal */
  changePrice(subscriptionId: string, priceId: string): Obj
  /** the subscription ended */
  end(subscriptionId: string): Obj
  /** a Stripe event around a snapshot of an object */
  event(type: string, object: Obj): Obj
}

export async function startFakeStripe(options: {
  secretKey: string
  prices: FakePrice[]
}): Promise<FakeStripe> {
  const customers = new Map<string, Obj>()
  const sessions = new Map<string, Obj>()
  const subscriptions = new Map<string, Obj>()
  const invoices = new Map<string, Obj>()
  const prices = new Map(options.prices.map((p) => [p.id, p]))
  const lineOf = new Map<string, Obj>()
  const replies = new Map<string, { status: number; body: Obj }>()
  const failReads: number[] = []
  let beforeRead: FakeStripe['beforeRead'] = null
  const failCancels: number[] = []

  const error = (reply: FastifyReply, status: number, message: string, param?: string) =>
    reply.status(status).send({
      error: {
        type: 'invalid_request_error',
        code: status === 404 ? 'resource_missing' : 'parameter_invalid',
        message,
        param,
      },
    })

  const priceObject = (p: FakePrice): Obj => ({
    id: p.id,
    object: 'price',
    currency: 'eur',
    unit_amount: p.unit_amount,
    lookup_key: p.lookup_key ?? null,
    recurring: { interval: p.interval, interval_count: 1 },
    metadata: {},
    product: `prod_${p.id}`,
  })

  const fake = await startFakeServer(async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, parseStripeForm(String(body))),
    )
    app.addHook('onRequest', async (req, reply) => {
      if (req.headers.authorization !== `Bearer ${options.secretKey}`)
        return reply
          .status(401)
          .send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
      if (req.method === 'GET' && beforeRead) await beforeRead(req.url)
      if (req.method === 'GET' && failReads.length) {
        const status = failReads.shift()!
        return reply.status(status).send({ error: { type: 'api_error', message: 'Something went wrong' } })
      }
    })

    /** Stripe replays the first answer to a repeated Idempotency-Key. */
    const idempotent =
      (
        handler: (req: FastifyRequest<{ Body: Obj; Params: Obj }>, reply: FastifyReply) => Obj | FastifyReply,
      ) =>
      async (req: FastifyRequest<{ Body: Obj; Params: Obj }>, reply: FastifyReply) => {
        const key = req.headers['idempotency-key'] as string | undefined
        const seen = key ? replies.get(`${req.url}|${key}`) : undefined
        if (seen) return reply.status(seen.status).header('idempotent-replayed', 'true').send(seen.body)
        const body = handler(req, reply)
        if (body === reply) return reply
        if (key) replies.set(`${req.url}|${key}`, { status: 200, body: body as Obj })
        return body
      }

    app.post(
      '/v1/customers',
      idempotent((req) => {
        const customer = {
          id: `cus_${rand(7)}`,
          object: 'customer',
          email: req.body.email,
          metadata: req.body.metadata ?? {},
        }
        customers.set(customer.id, customer)
        return customer
      }),
    )

    app.post(
      '/v1/checkout/sessions',
      idempotent((req, reply) => {
        const b = req.body
        if (b.mode !== 'payment' && b.mode !== 'subscription')
          return error(reply, 400, 'Invalid mode', 'mode')
        if (!String(b.success_url ?? '').includes('{CHECKOUT_SESSION_ID}'))
          return error(reply, 400, 'success_url should carry {CHECKOUT_SESSION_ID}', 'success_url')
        if (b.customer && !customers.has(b.customer)) return error(reply, 400, 'No such customer', 'customer')
        const line = b.line_items?.[0]
        if (!line) return error(reply, 400, 'line_items is required', 'line_items')
        let amount: number
        if (line.price) {
          const p = prices.get(line.price)
          if (!p) return error(reply, 400, `No such price: '${line.price}'`, 'line_items[0][price]')
          amount = p.unit_amount
        } else {
          const pd = line.price_data
          if (pd?.currency !== 'eur' || !pd.unit_amount || !pd.product_data?.name)
            return error(
              reply,
              400,
              'price_data needs currency, unit_amount and product_data[name]',
              'line_items[0][price_data]',
            )
          if (b.mode === 'subscription' && !pd.recurring?.interval)
            return error(
              reply,
              400,
              'A subscription needs a recurring price',
              'line_items[0][price_data][recurring]',
            )
          amount = Number(pd.unit_amount)
        }
        const id = `cs_test_${rand(16)}`
        const session = {
          id,
          object: 'checkout.session',
          mode: b.mode,
          status: 'open',
          payment_status: 'unpaid',
          amount_total: amount * Number(line.quantity ?? 1),
          currency: 'eur',
          customer: b.customer ?? null,
          client_reference_id: b.client_reference_id ?? null,
          metadata: b.metadata ?? {},
          subscription: null,
          invoice: null,
          success_url: b.success_url,
          cancel_url: b.cancel_url,
          url: `https://checkout.stripe.test/c/pay/${id}`,
          created: now(),
        }
        sessions.set(id, session)
        lineOf.set(id, { line, subscriptionMetadata: b.subscription_data?.metadata ?? {} })
        return session
      }),
    )

    const read =
      (map: Map<string, Obj>, what: string) =>
      (req: FastifyRequest<{ Params: Obj }>, reply: FastifyReply) => {
        const obj = map.get(req.params.id)
        return obj ? clone(obj) : error(reply, 404, `No such ${what}: '${req.params.id}'`, 'id')
      }
    app.get('/v1/checkout/sessions/:id', read(sessions, 'checkout.session'))
    app.get('/v1/subscriptions/:id', read(subscriptions, 'subscription'))
    app.get('/v1/invoices/:id', read(invoices, 'invoice'))

    app.post(
      '/v1/subscriptions/:id',
      idempotent((req, reply) => {
        const sub = subscriptions.get(req.params.id)
        if (!sub) return error(reply, 404, `No such subscription: '${req.params.id}'`, 'id')
        if (req.body.cancel_at_period_end !== undefined)
          sub.cancel_at_period_end = req.body.cancel_at_period_end === 'true'
        return clone(sub)
      }),
    )

    // cancel now (Stripe's DELETE /v1/subscriptions/:id): the subscription ends at once
    app.delete('/v1/subscriptions/:id', (req: FastifyRequest<{ Params: Obj }>, reply) => {
      if (failCancels.length)
        return reply
          .status(failCancels.shift()!)
          .send({ error: { type: 'api_error', message: 'Something went wrong' } })
      const sub = subscriptions.get(req.params.id)
      if (!sub) return error(reply, 404, `No such subscription: '${req.params.id}'`, 'id')
      if (sub.status === 'canceled')
        return error(reply, 400, 'This subscription has already been canceled', 'subscription')
      sub.status = 'canceled'
      sub.canceled_at = now()
      sub.ended_at = now()
      return clone(sub)
    })

    app.post(
      '/v1/billing_portal/sessions',
      idempotent((req, reply) => {
        if (!customers.has(req.body.customer)) return error(reply, 400, 'No such customer', 'customer')
        // portal deep links (flow_data), as Stripe's API reference lists them
        const flow = req.body.flow_data
        if (flow) {
          const types = [
            'payment_method_update',
            'subscription_cancel',
            'subscription_update',
            'subscription_update_confirm',
          ]
          if (!types.includes(flow.type))
            return error(reply, 400, 'Invalid flow_data[type]', 'flow_data[type]')
          if (flow.type === 'subscription_update') {
            const sub = subscriptions.get(flow.subscription_update?.subscription)
            if (!sub || sub.customer !== req.body.customer)
              return error(reply, 400, 'No such subscription', 'flow_data[subscription_update][subscription]')
          }
        }
        const id = `bps_${rand(8)}`
        return {
          id,
          object: 'billing_portal.session',
          customer: req.body.customer,
          return_url: req.body.return_url,
          url: `https://billing.stripe.test/p/session/${id}`,
        }
      }),
    )
  })

  const invoiceFor = (sub: Obj, billingReason: string): Obj => {
    const invoice = {
      id: `in_${rand(10)}`,
      object: 'invoice',
      status: 'paid',
      billing_reason: billingReason,
      customer: sub.customer,
      currency: 'eur',
      amount_paid: sub.items.data[0].price.unit_amount,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      created: now(),
    }
    invoices.set(invoice.id, invoice)
    sub.latest_invoice = invoice.id
    return invoice
  }

  const sub = (id: string) => {
    const s = subscriptions.get(id)
    if (!s) throw new Error(`fake stripe: no subscription ${id}`)
    return s
  }

  return {
    ...fake,
    secretKey: options.secretKey,
    customers,
    sessions,
    subscriptions,
    invoices,
    failReads,
    get beforeRead() {
      return beforeRead
    },
    set beforeRead(hook) {
      beforeRead = hook
    },
    failCancels,
    completeSession(id, { paid = true } = {}) {
      const session = sessions.get(id)
      if (!session) throw new Error(`fake stripe: no session ${id}`)
      session.status = 'complete'
      session.payment_status = paid ? 'paid' : 'unpaid'
      if (session.mode !== 'subscription' || !paid) return { session: clone(session) }
      const { line, subscriptionMetadata } = lineOf.get(id)!
      const price = line.price
        ? priceObject(prices.get(line.price)!)
        : {
            id: `price_${rand(8)}`,
            object: 'price',
            currency: 'eur',
            unit_amount: Number(line.price_data.unit_amount),
            lookup_key: null,
            recurring: { interval: line.price_data.recurring.interval, interval_count: 1 },
            metadata: {},
            product: `prod_${rand(6)}`,
          }
      const start = now()
      const days = price.recurring.interval === 'year' ? 365 : 30
      const subscription = {
        id: `sub_${rand(10)}`,
        object: 'subscription',
        status: 'active',
        customer: session.customer,
        cancel_at_period_end: false,
        cancel_at: null,
        metadata: subscriptionMetadata,
        items: {
          object: 'list',
          data: [
            {
              id: `si_${rand(6)}`,
              object: 'subscription_item',
              price,
              quantity: 1,
              current_period_start: start,
              current_period_end: start + days * 86_400,
            },
          ],
        },
        latest_invoice: null as string | null,
      }
      subscriptions.set(subscription.id, subscription)
      const invoice = invoiceFor(subscription, 'subscription_create')
      session.subscription = subscription.id
      session.invoice = invoice.id
      return { session: clone(session), subscription: clone(subscription), invoice: clone(invoice) }
    },
    succeedAsync(id) {
      const session = sessions.get(id)!
      session.payment_status = 'paid'
      return clone(session)
    },
    renew(id) {
      const s = sub(id)
      const item = s.items.data[0]
      const days = item.price.recurring.interval === 'year' ? 365 : 30
      item.current_period_start = item.current_period_end
      item.current_period_end += days * 86_400
      return clone(invoiceFor(s, 'subscription_cycle'))
    },
    otherInvoice(id, billingReason) {
      return clone(invoiceFor(sub(id), billingReason))
    },
    changePrice(id, priceId) {
      const s = sub(id)
      s.items.data[0].price = priceObject(prices.get(priceId)!)
      return clone(s)
    },
    end(id) {
      const s = sub(id)
      s.status = 'canceled'
      return clone(s)
    },
    event(type, object) {
      return {
        id: `evt_${rand(12)}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        type,
        data: { object: clone(object) },
      }
    },
  }
}
