import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sweepBlobDeletions } from '../src/account/deletion.ts'
import { type FakeFal, startFakeFal } from './fakes/fal.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance, ledgerSum, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// A hosted engine that hangs or answers 500, through the whole path (request, queue, worker, engine, refund):
// the job ends failed and refunded within its time limit and is never left processing; the credits come back
// to the ledger's last credit; no file is left that no row points at.

const TIMEOUT_S = 5
let fake: FakeFal
let server: TestServer
let api: Api
let sketch: Buffer

beforeAll(async () => {
  fake = await startFakeFal()
  server = await startTestServer({
    env: {
      FREE_CREDITS: '100',
      JOB_MAX_ATTEMPTS: '1',
      ENGINE_SKETCH_RENDER: 'fal',
      FAL_KEY: fake.key,
      FAL_BASE_URL: fake.url,
      FAL_WEBHOOKS: 'false',
      ENGINE_POLL_INTERVAL_MS: '200',
      ENGINE_TIMEOUT_IMAGE_SECONDS: String(TIMEOUT_S),
    },
  })
  api = new Api(server.url)
  await api.signUp()
  sketch = await sketchPng(400, 300)
})
afterAll(async () => {
  await server?.close()
  await fake?.close()
})
beforeEach(() => fake.reset())

async function renderUntilEnded(limitMs: number) {
  const t0 = Date.now()
  const r = await api.postForm(
    '/api/render/start',
    form({ generationType: 'sketch-render', userPrompt: 'a stone chapel' }, { sketch }),
  )
  expect(r.status).toBe(202)
  expect(await balance(api)).toBe(80)
  const [g] = await waitForJobs(api, [r.body.generation.id], limitMs)
  return { g: g!, ms: Date.now() - t0 }
}

async function nothingLeft() {
  const stuck = await server.ctx.database.query<{ n: number }>(
    `select count(*)::int n from generations where status in ('pending', 'processing')`,
  )
  expect(stuck[0]!.n).toBe(0)
  expect(await balance(api)).toBe(100)
  expect(await ledgerSum(api)).toBe(100)
  await sweepBlobDeletions(server.ctx.database.db, server.ctx.storage.blobs, pino({ level: 'silent' }))
  const named = new Set(
    (
      await server.ctx.database.query<{ j: string }>(`select row_to_json(g)::text j from generations g`)
    ).flatMap(({ j }) => [...j.matchAll(/users\/[A-Za-z0-9/_.-]+/g)].map((m) => m[0])),
  )
  const orphans: string[] = []
  for await (const key of server.ctx.storage.blobs.list('users/')) if (!named.has(key)) orphans.push(key)
  expect(orphans).toEqual([])
}

describe('a hosted engine that misbehaves', () => {
  it('hangs: the job fails at its time limit, is refunded, and the request at the provider is cancelled', async () => {
    fake.behaviour.outcome = 'hang'
    const { g, ms } = await renderUntilEnded(30_000)
    expect(g.status).toBe('failed')
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_S * 1000)
    expect(ms).toBeLessThan(TIMEOUT_S * 1000 + 10_000)
    expect(fake.cancels).toHaveLength(1)
    await nothingLeft()
  })

  it('answers 500 to every request: the job fails with its message and is refunded, never left processing', async () => {
    fake.behaviour.submit = Array.from({ length: 50 }, () => 500)
    const { g, ms } = await renderUntilEnded(30_000)
    expect(g).toMatchObject({ status: 'failed', error: 'Failed to render sketch' })
    expect(ms).toBeLessThan(TIMEOUT_S * 1000 + 10_000)
    // the adapter tried again (a 500 is worth another try), then gave up
    expect(fake.requests.filter((r) => r.method === 'POST').length).toBeGreaterThan(1)
    await nothingLeft()
  })
})
