import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeReplicate, startFakeReplicate } from '../fakes/replicate.ts'
import { roomJpeg, sketchPng } from '../fixtures/images.ts'
import { Api, form } from '../helpers/client.ts'
import { PG_URL } from '../helpers/database.ts'
import { balance, waitForJobs } from '../helpers/jobs.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'
import { freePort, setPlan } from './api-helpers.ts'

let fake: FakeReplicate
let server: TestServer
let api: Api
let sketch: Buffer
let room: Buffer

const replicateEnv = (port: number) => ({
  FREE_CREDITS: '2000',
  JOB_MAX_ATTEMPTS: '1',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ENGINE_SKETCH_RENDER: 'replicate',
  ENGINE_VIDEO: 'replicate',
  REPLICATE_API_TOKEN: fake.token,
  REPLICATE_BASE_URL: fake.url,
  REPLICATE_WEBHOOK_SECRET: fake.secret,
  // far longer than a job: a job that finishes in time was woken by its webhook, not by the poll
  ENGINE_POLL_INTERVAL_MS: '30000',
})

beforeAll(async () => {
  fake = await startFakeReplicate()
  server = await startTestServer({ env: replicateEnv(await freePort()) })
  api = new Api(server.url)
  await api.signUp()
  ;[sketch, room] = await Promise.all([sketchPng(), roomJpeg()])
})
afterAll(async () => {
  await server?.close()
  await fake?.close()
})
beforeEach(() => fake.reset())

const renderSketch = () =>
  api.postForm(
    '/api/render/start',
    form({ generationType: 'sketch-render', userPrompt: 'a brick townhouse' }, { sketch }),
  )

describe('ENGINE_SKETCH_RENDER=replicate, from the HTTP request to the gallery', () => {
  it('a sketch render runs through Replicate, woken by its signed webhook, and lands in the gallery', async () => {
    const before = await balance(api)
    const started = Date.now()
    const r = await renderSketch()
    expect(r.status).toBe(202)
    const [g] = await waitForJobs(api, [r.body.generation.id], 20_000)
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(g).toMatchObject({
      status: 'completed',
      engine: 'replicate',
      model: 'black-forest-labs/flux-canny-pro',
    })
    expect(g!.enhancedPrompt).toContain('a brick townhouse')
    expect(fake.deliveries).toEqual([expect.objectContaining({ status: 200, body: { received: true } })])
    expect(await balance(api)).toBe(before - 20)

    // the provider's file was copied into our storage: it is served from our URL
    const file = await fetch(`${server.url}${g!.outputImageUrl}`, {
      headers: { authorization: `Bearer ${api.token}` },
    })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('image/png')
    const gallery = await api.get('/api/user/generations?generationType=sketch-render&limit=100')
    expect(gallery.body.generations.map((x: { id: string }) => x.id)).toContain(g!.id)
  })

  it('a failed prediction fails the job with its failure message and gives the 20 credits back', async () => {
    fake.behaviour.outcome = 'fail'
    const before = await balance(api)
    const r = await renderSketch()
    const [g] = await waitForJobs(api, [r.body.generation.id], 20_000)
    expect(g).toMatchObject({ status: 'failed', error: 'Failed to render sketch' })
    expect(JSON.stringify(g)).not.toContain('CUDA')
    expect(await balance(api)).toBe(before)
    const tx = await api.get('/api/user/credits/transactions?limit=50')
    expect(tx.body.transactions[0]).toMatchObject({ amount: 20 })
  })

  it('video: free users get the default model, a Standard subscriber the premium one, and the generation says which ran', async () => {
    const animate = (who: Api) =>
      who.postForm(
        '/api/render/animate',
        form({ description: 'a quiet street', duration: '6', cameraMovement: 'dolly_in' }, { image: room }),
      )
    const standard = new Api(server.url)
    const { user } = await standard.signUp()
    await setPlan(server, user.uid, 'standard')
    const [free, paid] = await Promise.all([animate(api), animate(standard)])
    const [f] = await waitForJobs(api, [free.body.generation.id], 40_000)
    const [p] = await waitForJobs(standard, [paid.body.generation.id], 40_000)
    expect(f).toMatchObject({ status: 'completed', engine: 'replicate', model: 'kwaivgi/kling-v2.1' })
    expect(p).toMatchObject({ status: 'completed', model: 'kwaivgi/kling-v2.1-master' })
    expect(p!.outputVideoUrl).toMatch(/output\.mp4$/)
    expect((p!.metadata as { duration: number }).duration).toBeCloseTo(6, 0)
  })
})

describe('Kling first-frame limits, checked before paying', () => {
  it('a first frame wider than 2.5:1 or under 300 px is refused with 422 not_offered, nothing charged or sent; /api/capabilities says the limits', async () => {
    const caps = await api.get('/api/capabilities')
    expect(caps.body.kinds.animate.input).toMatchObject({ minSide: 300, minAspect: 0.4, maxAspect: 2.5 })
    const before = await balance(api)
    for (const [w, h] of [
      [1200, 400],
      [400, 280],
    ] as const) {
      const r = await api.postForm(
        '/api/render/animate',
        form({ description: 'a quiet street', duration: '6' }, { image: await roomJpeg(w, h) }),
      )
      expect(r.status).toBe(422)
      expect(r.body.error).toMatchObject({ code: 'not_offered', details: { width: w, height: h } })
      expect(r.body.error.message).toContain('2.5:1')
    }
    expect(await balance(api)).toBe(before)
    expect(fake.requests.filter((q) => q.method === 'POST')).toEqual([])
  })
})

describe('POST /api/webhooks/replicate', () => {
  const body = JSON.stringify({ id: 'pred-from-elsewhere', status: 'succeeded' })
  const post = (headers: Record<string, string>, payload = body) =>
    fetch(`${server.url}/api/webhooks/replicate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: payload,
    })
  const signed = (id: string, secret = fake.secret, ts = Math.floor(Date.now() / 1000)) => ({
    'webhook-id': id,
    'webhook-timestamp': String(ts),
    'webhook-signature': `v1,${createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`${id}.${ts}.${body}`)
      .digest('base64')}`,
  })

  it('accepts a real signature once; a repeat of the same webhook-id is acknowledged as a duplicate', async () => {
    const first = await post(signed('msg_e2e_1'))
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ received: true })
    const again = await post(signed('msg_e2e_1'))
    expect(await again.json()).toEqual({ received: true, duplicate: true })
    const rows = await server.ctx.database.query('select provider from webhook_deliveries where id = $1', [
      'replicate:msg_e2e_1',
    ])
    expect(rows).toEqual([{ provider: 'replicate' }])
  })

  it('refuses a forged signature, a stale timestamp and a body changed after signing', async () => {
    const forged = await post(
      signed('msg_e2e_2', `whsec_${Buffer.from('not the secret at all!').toString('base64')}`),
    )
    expect(forged.status).toBe(401)
    const stale = await post(signed('msg_e2e_3', fake.secret, Math.floor(Date.now() / 1000) - 3600))
    expect(stale.status).toBe(401)
    const tampered = await post(signed('msg_e2e_4'), body.replace('succeeded', 'failed'))
    expect(tampered.status).toBe(401)
    expect((await post({})).status).toBe(401)
  })

  it('a provider that is not configured has no webhook endpoint', async () => {
    expect((await fetch(`${server.url}/api/webhooks/fal`, { method: 'POST', body: '{}' })).status).toBe(404)
  })
})

describe.skipIf(!PG_URL)('an API process and a worker process on one PostgreSQL', () => {
  it('the webhook lands on the API process and wakes the job waiting in the worker process (NOTIFY)', async () => {
    const env = replicateEnv(await freePort())
    const front = await startTestServer({ role: 'api', env })
    const worker = await startTestServer({
      role: 'worker',
      env,
      databaseUrl: front.databaseUrl,
      dataDir: front.dataDir,
    })
    try {
      const client = new Api(front.url)
      await client.signUp()
      const started = Date.now()
      const r = await client.postForm(
        '/api/render/start',
        form({ generationType: 'sketch-render', userPrompt: 'a glass pavilion' }, { sketch }),
      )
      const [g] = await waitForJobs(client, [r.body.generation.id], 20_000)
      expect(g).toMatchObject({ status: 'completed', engine: 'replicate' })
      expect(Date.now() - started).toBeLessThan(15_000)
      expect(fake.deliveries.at(-1)).toMatchObject({ status: 200, body: { received: true } })
    } finally {
      await worker.close({ keepData: true })
      await front.close()
    }
  })
})
