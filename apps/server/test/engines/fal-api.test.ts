import { createHash, generateKeyPairSync, sign } from 'node:crypto'
import type { Generation } from '@parti/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FAL_USER_ID, type FakeFal, startFakeFal } from '../fakes/fal.ts'
import { sketchPng } from '../fixtures/images.ts'
import { Api, form } from '../helpers/client.ts'
import { balance, waitForJobs } from '../helpers/jobs.ts'
import { startTestServer, type TestServer } from '../helpers/server.ts'
import { freePort } from './api-helpers.ts'

let fake: FakeFal
let server: TestServer
let api: Api
let sketch: Buffer

beforeAll(async () => {
  fake = await startFakeFal()
  const port = await freePort()
  server = await startTestServer({
    env: {
      FREE_CREDITS: '2000',
      JOB_MAX_ATTEMPTS: '1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ENGINE_SKETCH_RENDER: 'fal',
      FAL_KEY: fake.key,
      FAL_BASE_URL: fake.url,
      FAL_REST_URL: fake.url,
      FAL_WEBHOOKS: 'true',
      FAL_WEBHOOK_JWKS_URL: fake.jwksUrl,
      ENGINE_POLL_INTERVAL_MS: '30000',
    },
  })
  api = new Api(server.url)
  await api.signUp()
  sketch = await sketchPng()
})
afterAll(async () => {
  await server?.close()
  await fake?.close()
})
beforeEach(() => fake.reset())

const renderSketch = () =>
  api.postForm(
    '/api/render/start',
    form({ generationType: 'sketch-render', userPrompt: 'a stone chapel' }, { sketch }),
  )

describe('ENGINE_SKETCH_RENDER=fal, from the HTTP request to the gallery', () => {
  it('a sketch render goes through the fal queue, is woken by its ED25519-signed webhook, and is stored', async () => {
    const before = await balance(api)
    const r = await renderSketch()
    const [g] = await waitForJobs(api, [r.body.generation.id], 20_000)
    expect(g).toMatchObject({ status: 'completed', engine: 'fal', model: 'fal-ai/flux-lora-canny' })
    expect(fake.requests[0]!.path).toMatch(/^\/fal-ai\/flux-lora-canny\?fal_webhook=/)
    expect(decodeURIComponent(fake.requests[0]!.path.split('fal_webhook=')[1]!)).toBe(
      `${server.ctx.config.publicUrl}/api/webhooks/fal`,
    )
    expect(fake.deliveries).toEqual([expect.objectContaining({ status: 200, body: { received: true } })])
    expect(await balance(api)).toBe(before - 20)
    const file = await fetch(`${server.url}${g!.outputImageUrl}`, {
      headers: { authorization: `Bearer ${api.token}` },
    })
    expect(file.status).toBe(200)
  })

  it('a request that fails at fal fails the job with its failure message and refunds', async () => {
    fake.behaviour.outcome = 'fail'
    const before = await balance(api)
    const r = await renderSketch()
    const [g] = await waitForJobs(api, [r.body.generation.id], 20_000)
    expect(g).toMatchObject({ status: 'failed', error: 'Failed to render sketch' })
    expect(await balance(api)).toBe(before)
  })

  it('an output the safety checker flagged fails as refused, is not stored, and refunds', async () => {
    fake.behaviour.outcome = 'flagged'
    const before = await balance(api)
    const r = await renderSketch()
    const [g] = await waitForJobs(api, [r.body.generation.id], 20_000)
    expect(g).toMatchObject({ status: 'failed', outputImageUrl: null })
    expect((g as unknown as Generation).metadata.failure).toEqual([{ id: 'refused' }])
    expect(await balance(api)).toBe(before)
  })

  it('the webhook endpoint refuses a forged signature and acknowledges a repeat once', async () => {
    const body = JSON.stringify({ request_id: 'req-e2e', status: 'OK', payload: {} })
    const headers = (key: Parameters<typeof sign>[2]) => {
      const ts = String(Math.floor(Date.now() / 1000))
      const message = ['req-e2e', FAL_USER_ID, ts, createHash('sha256').update(body).digest('hex')].join('\n')
      return {
        'content-type': 'application/json',
        'x-fal-webhook-request-id': 'req-e2e',
        'x-fal-webhook-user-id': FAL_USER_ID,
        'x-fal-webhook-timestamp': ts,
        'x-fal-webhook-signature': sign(null, Buffer.from(message), key).toString('hex'),
      }
    }
    const post = (h: Record<string, string>) =>
      fetch(`${server.url}/api/webhooks/fal`, { method: 'POST', headers: h, body })
    expect((await post(headers(generateKeyPairSync('ed25519').privateKey))).status).toBe(401)
    expect(await (await post(headers(fake.privateKey))).json()).toEqual({ received: true })
    expect(await (await post(headers(fake.privateKey))).json()).toEqual({ received: true, duplicate: true })
  })
})
