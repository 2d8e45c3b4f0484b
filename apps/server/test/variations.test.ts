import { DEFAULT_SEED, priceOf } from '@parti/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalEngine } from '../src/engines/local/index.ts'
import { singleEngineRouter } from '../src/engines/router.ts'
import { type Engine, EngineError } from '../src/engines/types.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

type Gen = {
  id: string
  status: string
  seed: number | null
  batchId: string | null
  picked: boolean
  outputImageUrl: string | null
  metadata: { variation?: { index: number; count: number } }
}

let server: TestServer
let sketch: Buffer

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_CREDITS: '200' } })
  sketch = await sketchPng(400, 300)
})
afterAll(() => server.close())

async function bytesOf(api: Api, url: string): Promise<Buffer> {
  const res = await fetch(`${api.base}${url}`, { headers: { authorization: `Bearer ${api.token}` } })
  expect(res.status).toBe(200)
  return Buffer.from(await res.arrayBuffer())
}

/** Mean absolute difference of two pictures, 0..255, at 128 px. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const small = (x: Buffer) => sharp(x).resize(128, 96, { fit: 'fill' }).removeAlpha().raw().toBuffer()
  const [pa, pb] = await Promise.all([small(a), small(b)])
  let sum = 0
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!)
  return sum / pa.length
}

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

describe('variations (docs/product.md#variations)', () => {
  it('four variations of a sketch: four jobs with distinct seeds under one request, one hold, four captures, visibly different pictures', async () => {
    const api = new Api(server.url)
    const { user } = await api.signUp()
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a brick house', variations: '4' }, { sketch }),
    )
    expect(r.status).toBe(202)
    const made = r.body.generations as Gen[]
    expect(made).toHaveLength(4)
    expect(r.body.batchId).toBeTruthy()
    expect(new Set(made.map((g) => g.seed)).size).toBe(4)
    expect(made[0]!.seed).toBe(DEFAULT_SEED)
    expect(made.map((g) => g.metadata.variation)).toEqual([0, 1, 2, 3].map((index) => ({ index, count: 4 })))
    expect(made.every((g) => g.batchId === r.body.batchId)).toBe(true)
    // held as one total at once: the balance shows all four taken
    expect(await balance(api)).toBe(120)
    const done = (await waitForJobs(
      api,
      made.map((g) => g.id),
      120_000,
    )) as Gen[]
    expect(done.every((g) => g.status === 'completed')).toBe(true)
    const ledger = await ledgerOf(user.uid)
    const holds = ledger.filter((t) => t.kind === 'hold')
    expect(holds).toEqual([
      { kind: 'hold', amount: -80, held: 80, generation_id: null, request_id: r.body.batchId },
    ])
    const captures = ledger.filter((t) => t.kind === 'capture')
    expect(captures.map((t) => t.generation_id).sort()).toEqual(made.map((g) => g.id).sort())
    expect(captures.every((t) => t.held === -20 && t.amount === 0)).toBe(true)
    expect(ledger.filter((t) => t.kind === 'release')).toHaveLength(0)
    expect(ledger.reduce((n, t) => n + t.held, 0)).toBe(0)
    expect(await balance(api)).toBe(120)
    // a user can see the difference: every pair differs clearly, the same seed gives the same bytes
    const pictures = await Promise.all(done.map((g) => bytesOf(api, g.outputImageUrl!)))
    for (let i = 0; i < pictures.length; i++)
      for (let j = i + 1; j < pictures.length; j++)
        expect(await difference(pictures[i]!, pictures[j]!)).toBeGreaterThan(6)
  })

  it('the picked variation: only one is kept, and the gallery can show only it', async () => {
    const api = new Api(server.url)
    await api.signUp()
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a cabin', variations: '3' }, { sketch }),
    )
    const ids = (r.body.generations as Gen[]).map((g) => g.id)
    await waitForJobs(api, ids, 120_000)
    // the request's results by its id (Ask Parti's conversation names only the first)
    const request = await api.get(`/api/user/generations?batchId=${r.body.batchId}`)
    expect((request.body.generations as Gen[]).map((g) => g.id).sort()).toEqual([...ids].sort())
    const picked = async () =>
      ((await api.get('/api/user/generations?variations=picked')).body.generations as Gen[]).map((g) => g.id)
    // none kept yet: the first stands for the request
    expect(await picked()).toEqual([ids[0]])
    expect((await api.get('/api/user/generations')).body.generations).toHaveLength(3)
    const p = await api.post(`/api/user/generations/${ids[2]}/pick`)
    expect(p.status).toBe(200)
    expect((p.body.generations as Gen[]).map((g) => [g.id, g.picked])).toEqual([
      [ids[0], false],
      [ids[1], false],
      [ids[2], true],
    ])
    expect(await picked()).toEqual([ids[2]])
    await api.post(`/api/user/generations/${ids[1]}/pick`)
    expect(await picked()).toEqual([ids[1]])
  })

  it('Ask Parti variations of an edit with nothing to vary (black and white): the repeats are kept, noted and not charged', async () => {
    const api = new Api(server.url)
    const { user } = await api.signUp()
    const price = priceOf('magic-edit')
    const ask = async (userPrompt: string) => {
      const r = await api.postForm(
        '/api/render/start',
        form({ generationType: 'chat-edit', userPrompt, variations: '3' }, { image: sketch }),
      )
      expect(r.status).toBe(202)
      const done = (await waitForJobs(
        api,
        (r.body.generations as Gen[]).map((g) => g.id),
        120_000,
      )) as (Gen & { metadata: { sameAs?: string; notes?: unknown[] } })[]
      expect(done.every((g) => g.status === 'completed')).toBe(true)
      const pictures = await Promise.all(done.map((g) => bytesOf(api, g.outputImageUrl!)))
      const distinct = new Set(pictures.map((p) => p.toString('base64'))).size
      const ledger = (await ledgerOf(user.uid)).filter(
        (t) => t.request_id === r.body.batchId || done.some((g) => g.id === t.generation_id),
      )
      return { done, distinct, ledger }
    }
    const before = await balance(api)
    const grey = await ask('make it black and white')
    // the local engine's black and white has no seeded element: one picture, three times
    expect(grey.distinct).toBe(1)
    // paid: at most what was delivered as distinct pictures
    expect(before - (await balance(api))).toBe(grey.distinct * price)
    // the first to finish is charged (variations run side by side); the other two name it and are released
    const charged = grey.done.find((g) => g.metadata.sameAs === undefined)!
    const repeats = grey.done.filter((g) => g !== charged)
    expect(repeats).toHaveLength(2)
    expect(grey.ledger.filter((t) => t.kind === 'capture')).toEqual([
      expect.objectContaining({ generation_id: charged.id, held: -price }),
    ])
    expect(
      grey.ledger
        .filter((t) => t.kind === 'release')
        .map((t) => [t.generation_id, t.amount])
        .sort(),
    ).toEqual(repeats.map((g) => [g.id, price]).sort())
    expect(grey.ledger.reduce((n, t) => n + t.held, 0)).toBe(0)
    for (const g of repeats) {
      expect(g.metadata.sameAs).toBe(charged.id)
      expect(g.metadata.notes).toContainEqual({
        id: 'same_as_variation',
        params: { number: charged.metadata.variation!.index + 1 },
      })
    }
    // an edit the seed grades (brighter) gives three pictures, and three are charged
    const mid = await balance(api)
    const bright = await ask('make it brighter')
    expect(bright.distinct).toBe(3)
    expect(mid - (await balance(api))).toBe(3 * price)
    expect(bright.done.every((g) => g.metadata.sameAs === undefined)).toBe(true)
  })

  it('refuses more than four, and variations of a kind that makes one result per request', async () => {
    const api = new Api(server.url)
    await api.signUp()
    const five = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a house', variations: '5' }, { sketch }),
    )
    expect(five.status).toBe(400)
    expect(five.body.error.details.field).toBe('variations')
    const angles = await api.postForm(
      '/api/render/start',
      form(
        { generationType: 'multi-angle', userPrompt: 'a house', angles: 'front', variations: '2' },
        { sketch },
      ),
    )
    expect(angles.status).toBe(400)
    expect(angles.body.error.details.field).toBe('variations')
    // a short balance for the total is refused whole: nothing is created
    const first = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a house', variations: '4' }, { sketch }),
    )
    expect(first.status).toBe(202)
    const many = await api.postForm(
      '/api/render/start',
      form({ generationType: 'home-staging', userPrompt: 'a room', variations: '4' }, { image: sketch }),
    )
    expect(many.status).toBe(402)
    expect(many.body.error.details).toEqual({ required: 160, available: 120 })
    expect((await api.get('/api/user/generations')).body.generations).toHaveLength(4)
    await waitForJobs(
      api,
      (first.body.generations as Gen[]).map((g) => g.id),
      120_000,
    )
  })
})

describe('a variation that fails', () => {
  let failing: TestServer
  beforeAll(async () => {
    const local = createLocalEngine()
    // the first variation (the default seed) fails for good; the others run on the local engine
    const engine: Engine = {
      ...local,
      run: (task, ctx) =>
        'seed' in task && task.seed === DEFAULT_SEED
          ? Promise.reject(new EngineError('invalid_input', { id: 'render_failed' }))
          : local.run(task, ctx),
    }
    failing = await startTestServer({ engines: singleEngineRouter(engine), env: { FREE_CREDITS: '200' } })
  })
  afterAll(() => failing.close())

  it('is released on its own; the others are captured', async () => {
    const api = new Api(failing.url)
    const { user } = await api.signUp()
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'sketch-render', userPrompt: 'a barn', variations: '3' }, { sketch }),
    )
    expect(r.status).toBe(202)
    const done = (await waitForJobs(
      api,
      (r.body.generations as Gen[]).map((g) => g.id),
      120_000,
    )) as Gen[]
    expect(done.map((g) => g.status)).toEqual(['failed', 'completed', 'completed'])
    const ledger = await failing.ctx.database.query<{
      kind: string
      amount: number
      held: number
      generation_id: string | null
    }>('select kind, amount, held, generation_id from credit_transactions where user_id = $1', [user.uid])
    expect(ledger.filter((t) => t.kind === 'hold')).toHaveLength(1)
    expect(ledger.filter((t) => t.kind === 'capture')).toHaveLength(2)
    expect(ledger.filter((t) => t.kind === 'release')).toEqual([
      { kind: 'release', amount: 20, held: -20, generation_id: done[0]!.id },
    ])
    expect(ledger.reduce((n, t) => n + t.held, 0)).toBe(0)
    expect(await balance(api)).toBe(160)
  })
})
