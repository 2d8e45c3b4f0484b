import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CallbackDeliverer } from '../src/api-webhooks/deliverer.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { buyOnTestCheckout } from './helpers/payments.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Job webhooks for API users (docs/product.md#api-webhooks, docs/decisions/0077-job-webhooks-standard-webhooks.md):
// a receiver on loopback (allowed by the test setting), signatures checked by an independent implementation (the
// `standardwebhooks` package), retries after a 500, and private addresses refused.

interface Received {
  headers: IncomingHttpHeaders
  body: string
}

/** A webhook receiver on loopback answering the scripted statuses in turn (then 200). */
class Receiver {
  received: Received[] = []
  answers: number[] = []
  private server!: Server
  url = ''

  async start(path = '/hooks/parti') {
    this.server = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => {
        body += c
      })
      req.on('end', () => {
        this.received.push({ headers: req.headers, body })
        const status = this.answers.shift() ?? 200
        if (status >= 300 && status < 400) res.setHeader('location', 'http://127.0.0.1:1/elsewhere')
        res.writeHead(status).end('ok')
      })
    })
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r))
    const { port } = this.server.address() as { port: number }
    this.url = `http://127.0.0.1:${port}${path}`
    return this
  }

  async waitFor(n: number, timeoutMs = 30_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs
    while (this.received.length < n) {
      if (Date.now() > deadline) throw new Error(`received ${this.received.length} of ${n} webhooks`)
      await new Promise((r) => setTimeout(r, 50))
    }
    return this.received
  }

  close() {
    return new Promise<void>((r) => this.server.close(() => r()))
  }
}

let server: TestServer
let receiver: Receiver

beforeAll(async () => {
  server = await startTestServer({
    env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_BASE_MS: '200', FREE_CREDITS: '1000' },
  })
  receiver = await new Receiver().start()
})
afterAll(async () => {
  await receiver.close()
  await server.close()
})

async function proUser(): Promise<Api> {
  const api = new Api(server.url)
  await api.signUp()
  await buyOnTestCheckout(api, '/api/user/subscriptions/create', { plan: 'pro', billingType: 'monthly' })
  return api
}

async function render(byKey: Api, fields: Record<string, string> = {}) {
  return byKey.postForm(
    '/api/render/start',
    form(
      { generationType: 'sketch-render', userPrompt: 'a house by a lake', ...fields },
      { sketch: await sketchPng(200, 150) },
    ),
  )
}

async function deliveries(session: Api, until: (d: any[]) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const r = await session.get('/api/user/api-keys/webhook-deliveries')
    expect(r.status).toBe(200)
    if (until(r.body.deliveries)) return r.body.deliveries
    if (Date.now() > deadline) throw new Error(`deliveries: ${JSON.stringify(r.body.deliveries)}`)
    await new Promise((res) => setTimeout(res, 100))
  }
}

describe('job webhooks', () => {
  it('a key comes with a whsec_ signing secret shown once; a job’s end is POSTed, signed, retried after a 500', async () => {
    const session = await proUser()
    const created = await session.post('/api/user/api-keys', { name: 'hooks' })
    expect(created.status).toBe(201)
    const { key, webhookSecret } = created.body
    expect(webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(JSON.stringify((await session.get('/api/user/api-keys')).body)).not.toContain(
      webhookSecret.slice(6),
    )

    receiver.received = []
    receiver.answers = [500]
    const started = await render(new Api(server.url, key), { callbackUrl: receiver.url })
    expect(started.status).toBe(202)
    const id = started.body.generation.id

    const [first, second] = await receiver.waitFor(2)
    // the same message twice: one id, each attempt signed anew
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id'])
    expect(first!.headers['content-type']).toBe('application/json')
    const verifier = new Webhook(webhookSecret)
    const payload = verifier.verify(second!.body, second!.headers as Record<string, string>) as any
    expect(payload.generations).toHaveLength(1)
    expect(payload.generations[0]).toMatchObject({ id, status: 'completed' })
    // the body is the status route's answer for the job
    const status = await new Api(server.url, key).get(`/api/user/generations/status?ids=${id}`)
    expect(payload.generations[0].outputImageUrl).toBe(status.body.generations[0].outputImageUrl)
    // a tampered body or another secret does not verify
    expect(() =>
      verifier.verify(second!.body.replace('completed', 'failed'), second!.headers as never),
    ).toThrow()
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        second!.body,
        second!.headers as never,
      ),
    ).toThrow()

    const log = await deliveries(session, (d) => d[0]?.status === 'delivered')
    expect(log[0]).toMatchObject({
      id: first!.headers['webhook-id'],
      generationId: id,
      url: receiver.url,
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
      lastError: null,
    })
  })

  it('a key’s default callback URL is used when the request names none; a rotated secret signs from then on', async () => {
    const session = await proUser()
    const created = (await session.post('/api/user/api-keys', { name: 'default hook' })).body
    const patched = await session.request('PATCH', `/api/user/api-keys/${created.id}`, {
      json: { webhookUrl: receiver.url },
    })
    expect(patched.status).toBe(200)
    expect(patched.body.webhookUrl).toBe(receiver.url)

    const rotated = await session.post(`/api/user/api-keys/${created.id}/webhook-secret`)
    expect(rotated.status).toBe(200)
    expect(rotated.body.webhookSecret).not.toBe(created.webhookSecret)

    receiver.received = []
    receiver.answers = []
    expect((await render(new Api(server.url, created.key))).status).toBe(202)
    const [got] = await receiver.waitFor(1)
    expect(new Webhook(rotated.body.webhookSecret).verify(got!.body, got!.headers as never)).toBeTruthy()
    expect(() => new Webhook(created.webhookSecret).verify(got!.body, got!.headers as never)).toThrow()
  })

  it('a redirect is not followed: it counts as a failed attempt and is retried', async () => {
    const session = await proUser()
    const { key } = (await session.post('/api/user/api-keys', { name: 'redirect' })).body
    receiver.received = []
    receiver.answers = [302]
    expect((await render(new Api(server.url, key), { callbackUrl: receiver.url })).status).toBe(202)
    await receiver.waitFor(2)
    const log = await deliveries(session, (d) => d[0]?.status === 'delivered')
    expect(log[0].attempts).toBe(2)
  })

  it('refuses private addresses, plain http off loopback, and a callback without an API key', async () => {
    const session = await proUser()
    const { key, id } = (await session.post('/api/user/api-keys', { name: 'refused' })).body
    const byKey = new Api(server.url, key)
    for (const [url, reason] of [
      ['https://10.0.0.7/hook', 'private_address'],
      ['https://192.168.1.20/hook', 'private_address'],
      ['https://169.254.169.254/latest/meta-data', 'private_address'],
      ['https://[fd00::1]/hook', 'private_address'],
      ['http://hooks.studio.test/hook', 'https_required'],
    ] as const) {
      const r = await render(byKey, { callbackUrl: url })
      expect(r.status, url).toBe(400)
      expect(r.body.error.details).toMatchObject({ field: 'callbackUrl', reason })
    }
    expect((await render(byKey, { callbackUrl: 'not a url' })).status).toBe(400)
    const bySession = await render(session, { callbackUrl: receiver.url })
    expect(bySession.status).toBe(400)
    expect(bySession.body.error.details.reason).toBe('api_key_required')
    const patched = await session.request('PATCH', `/api/user/api-keys/${id}`, {
      json: { webhookUrl: 'https://10.1.2.3/x' },
    })
    expect(patched.status).toBe(400)
    // nothing was charged or queued for the refused requests
    expect((await deliveries(session, () => true)).length).toBe(0)
  })

  it('revoking the key ends its deliveries: nothing more is signed with its secret', async () => {
    const session = await proUser()
    const { key, id } = (await session.post('/api/user/api-keys', { name: 'revoked' })).body
    receiver.received = []
    receiver.answers = [500, 500, 500, 500, 500, 500, 500, 500]
    expect((await render(new Api(server.url, key), { callbackUrl: receiver.url })).status).toBe(202)
    await receiver.waitFor(1)
    expect((await session.request('DELETE', `/api/user/api-keys/${id}`)).status).toBe(200)
    const log = await deliveries(session, (d) => d[0]?.status === 'failed')
    expect(log[0].lastError).toBe('key_revoked')
    const seen = receiver.received.length
    await new Promise((r) => setTimeout(r, 600))
    expect(receiver.received.length).toBe(seen)
    receiver.answers = []
  })

  it('the delivery log and key settings take the browser session only', async () => {
    const session = await proUser()
    const { key, id } = (await session.post('/api/user/api-keys', { name: 'scoped' })).body
    const byKey = new Api(server.url, key)
    expect((await byKey.get('/api/user/api-keys/webhook-deliveries')).status).toBe(403)
    expect((await byKey.post(`/api/user/api-keys/${id}/webhook-secret`)).status).toBe(403)
    const other = await proUser()
    expect((await other.post(`/api/user/api-keys/${id}/webhook-secret`)).status).toBe(404)
  })
})

describe('job webhooks when a job fails', () => {
  it('a job that ends failed (cancelled before it ran) is announced too, with its failed status', async () => {
    // an API-only process: no worker runs the job, and none delivers until one does
    const apiOnly = await startTestServer({
      role: 'api',
      env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_BASE_MS: '200', FREE_CREDITS: '1000' },
    })
    try {
      const session = new Api(apiOnly.url)
      await session.signUp()
      await buyOnTestCheckout(session, '/api/user/subscriptions/create', {
        plan: 'pro',
        billingType: 'monthly',
      })
      const { key, webhookSecret } = (await session.post('/api/user/api-keys', { name: 'cancelled' })).body
      const started = await render(new Api(apiOnly.url, key), { callbackUrl: receiver.url })
      const id = started.body.generation.id
      let log = (await session.get('/api/user/api-keys/webhook-deliveries')).body.deliveries
      expect(log[0]).toMatchObject({ generationId: id, status: 'waiting', attempts: 0 })

      expect((await session.request('DELETE', `/api/user/generations/${id}`)).status).toBe(200)
      log = (await session.get('/api/user/api-keys/webhook-deliveries')).body.deliveries
      expect(log[0]).toMatchObject({ status: 'pending', attempts: 0 })

      // a worker's delivery loop on the same database
      receiver.received = []
      receiver.answers = []
      const deliverer = new CallbackDeliverer(apiOnly.ctx.database.db, apiOnly.ctx.log, {
        retryBaseMs: 200,
        allowLoopback: true,
      })
      await deliverer.tick()
      const [got] = await receiver.waitFor(1)
      const payload = new Webhook(webhookSecret).verify(got!.body, got!.headers as never) as any
      expect(payload.generations[0]).toMatchObject({ id, status: 'failed' })
      log = (await session.get('/api/user/api-keys/webhook-deliveries')).body.deliveries
      expect(log[0]).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 })
    } finally {
      await apiOnly.close()
    }
  })
})
