import { priceOf } from '@parti/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type FakeFal, startFakeFal } from './fakes/fal.ts'
import { roomJpeg, sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// Engines side by side (docs/product.md#compare-engines) and "Run again" elsewhere (docs/product.md#recipe), on
// a server whose sketch render and home staging are configured on fal (a fake of its queue API), the local
// engine beside it.

type Gen = {
  id: string
  status: string
  engine: string | null
  batchId: string | null
  creditsCost: number
  creditsRefunded: number
  processingTime: number | null
  metadata: {
    variation?: { index: number; count: number }
    compare?: { engine: string }
    fidelity?: { score: number }
    skipped?: { ask: string }[]
  }
}

let fake: FakeFal
let server: TestServer
let sketch: Buffer
let room: Buffer

beforeAll(async () => {
  fake = await startFakeFal()
  server = await startTestServer({
    env: {
      FREE_CREDITS: '300',
      JOB_MAX_ATTEMPTS: '1',
      ENGINE_SKETCH_RENDER: 'fal',
      ENGINE_HOME_STAGING: 'fal',
      FAL_KEY: fake.key,
      FAL_BASE_URL: fake.url,
      FAL_WEBHOOKS: 'false',
      ENGINE_POLL_INTERVAL_MS: '200',
    },
  })
  sketch = await sketchPng(400, 300)
  room = await roomJpeg()
})
afterAll(async () => {
  await server?.close()
  await fake?.close()
})
beforeEach(() => fake.reset())

async function ledgerOf(userId: string) {
  return server.ctx.database.query<{
    kind: string
    amount: number
    held: number
    generation_id: string | null
    request_id: string | null
  }>(
    'select kind, amount, held, generation_id, request_id from credit_transactions where user_id = $1 order by created_at',
    [userId],
  )
}

const compare = (api: Api, engines: string, extra: Record<string, string> = {}) =>
  api.postForm(
    '/api/render/start',
    form({ generationType: 'sketch-render', userPrompt: 'a brick house', engines, ...extra }, { sketch }),
  )

describe('compare engines (docs/product.md#compare-engines)', () => {
  it('says which engines can serve each kind', async () => {
    const api = new Api(server.url)
    await api.signUp()
    const kinds = (await api.get('/api/capabilities')).body.kinds
    expect(kinds.sketch.engines).toEqual(['fal', 'local'])
    expect(kinds.straighten.engines).toEqual(['local'])
  })

  it('runs the request on each engine under one hold; every cell says its engine, seconds, credits and fidelity', async () => {
    const api = new Api(server.url)
    const { user } = await api.signUp()
    const price = priceOf('sketch')
    const r = await compare(api, 'local,fal')
    expect(r.status).toBe(202)
    const made = r.body.generations as Gen[]
    expect(made.map((g) => g.metadata.compare?.engine)).toEqual(['local', 'fal'])
    expect(made.every((g) => g.batchId === r.body.batchId)).toBe(true)
    expect(await balance(api)).toBe(300 - 2 * price)
    const done = (await waitForJobs(
      api,
      made.map((g) => g.id),
      120_000,
    )) as Gen[]
    expect(done.map((g) => [g.status, g.engine])).toEqual([
      ['completed', 'local'],
      ['completed', 'fal'],
    ])
    for (const g of done) {
      expect(g.processingTime).toBeGreaterThan(0)
      expect(g.metadata.fidelity?.score).toBeGreaterThanOrEqual(0)
    }
    // the fake received the request the local engine made: the same prompt
    expect([...fake.jobs.values()].some((j) => JSON.stringify(j.input).includes('brick house'))).toBe(true)
    const ledger = await ledgerOf(user.uid)
    expect(ledger.filter((t) => t.kind === 'hold')).toEqual([
      { kind: 'hold', amount: -2 * price, held: 2 * price, generation_id: null, request_id: r.body.batchId },
    ])
    expect(ledger.filter((t) => t.kind === 'capture')).toHaveLength(2)
    expect(ledger.reduce((n, t) => n + t.held, 0)).toBe(0)
    expect(await balance(api)).toBe(300 - 2 * price)
  })

  it('a cell that fails is released on its own; the other is charged; the ledger is exact', async () => {
    const api = new Api(server.url)
    const { user } = await api.signUp()
    const price = priceOf('sketch')
    fake.behaviour.outcome = 'fail'
    const r = await compare(api, 'fal,local')
    expect(r.status).toBe(202)
    const done = (await waitForJobs(
      api,
      (r.body.generations as Gen[]).map((g) => g.id),
      120_000,
    )) as Gen[]
    expect(done.map((g) => [g.status, g.metadata.compare?.engine])).toEqual([
      ['failed', 'fal'],
      ['completed', 'local'],
    ])
    const ledger = await ledgerOf(user.uid)
    expect(ledger.filter((t) => t.kind === 'hold').map((t) => t.held)).toEqual([2 * price])
    expect(ledger.filter((t) => t.kind === 'release')).toEqual([
      expect.objectContaining({ generation_id: done[0]!.id, amount: price, held: -price }),
    ])
    expect(ledger.filter((t) => t.kind === 'capture')).toEqual([
      expect.objectContaining({ generation_id: done[1]!.id, amount: 0, held: -price }),
    ])
    expect(ledger.reduce((n, t) => n + t.held, 0)).toBe(0)
    expect(ledger.reduce((n, t) => n + t.amount, 0)).toBe(300 - price)
    expect(await balance(api)).toBe(300 - price)
  })

  it('refuses before charging: one engine, more than three, an engine that cannot serve the kind, variations too', async () => {
    const api = new Api(server.url)
    await api.signUp()
    expect((await compare(api, 'local')).status).toBe(400)
    expect((await compare(api, 'local,fal,replicate,openai')).status).toBe(400)
    const elsewhere = await compare(api, 'local,replicate')
    expect(elsewhere.status).toBe(422)
    expect(elsewhere.body.error.code).toBe('not_offered')
    const both = await compare(api, 'local,fal', { variations: '2' })
    expect(both.status).toBe(400)
    expect(both.body.error.details.field).toBe('engines')
    // staging with furniture: the local engine cannot add any, so that cell cannot be made as asked
    const staged = await api.postForm(
      '/api/render/start',
      form(
        { generationType: 'home-staging', stagingOptions: 'addFurniture', engines: 'fal,local' },
        { image: room },
      ),
    )
    expect(staged.status).toBe(422)
    expect(staged.body.error.details.skipped).toEqual([
      expect.objectContaining({ ask: 'stagingOption.addFurniture' }),
    ])
    expect(await balance(api)).toBe(300)
    expect((await api.get('/api/user/generations')).body.generations).toHaveLength(0)
  })
})

describe('"Run again" on another engine checks it again before charging (docs/product.md#recipe)', () => {
  it('refuses with the reasons when that engine cannot do what the recipe asked; runs when it can', async () => {
    const api = new Api(server.url)
    await api.signUp()
    // staged with furniture on fal, which draws it
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'home-staging', stagingOptions: 'addFurniture' }, { image: room }),
    )
    expect(r.status).toBe(202)
    const [staged] = (await waitForJobs(api, [r.body.generation.id], 120_000)) as Gen[]
    expect(staged!.status).toBe('completed')
    const before = await balance(api)
    const count = (await api.get('/api/user/generations')).body.generations.length
    // the local engine cannot add furniture: refused, nothing held, nothing made
    const local = await api.post(`/api/user/generations/${staged!.id}/run-again`, { engine: 'local' })
    expect(local.status).toBe(422)
    expect(local.body.error.code).toBe('not_offered')
    expect(local.body.error.details.skipped).toEqual([
      expect.objectContaining({ ask: 'stagingOption.addFurniture', reason: 'no_new_objects' }),
    ])
    expect(local.body.error.message).toMatch(/furniture|objects/i)
    expect(await balance(api)).toBe(before)
    expect((await api.get('/api/user/generations')).body.generations).toHaveLength(count)
    // on fal again it is served
    const same = await api.post(`/api/user/generations/${staged!.id}/run-again`, {})
    expect(same.status).toBe(202)
    // a sketch made on fal runs again on the local engine, which does everything it asked
    const s = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a barn', followLines: 'strict' }, { sketch }),
    )
    const [made] = (await waitForJobs(api, [s.body.generation.id], 120_000)) as Gen[]
    const again = await api.post(`/api/user/generations/${made!.id}/run-again`, { engine: 'local' })
    expect(again.status).toBe(202)
    expect(
      (await waitForJobs(api, [again.body.generation.id, same.body.generation.id], 120_000)).map(
        (g) => g.status,
      ),
    ).toEqual(['completed', 'completed'])
  })
})
