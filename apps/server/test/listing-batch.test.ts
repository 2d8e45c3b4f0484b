import { randomUUID } from 'node:crypto'
import { COSTS } from '@parti/contract'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generations } from '../src/db/schema.ts'
import { createLocalEngine } from '../src/engines/local/index.ts'
import { singleEngineRouter } from '../src/engines/router.ts'
import { type Engine, EngineError } from '../src/engines/types.ts'
import { roomJpeg } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// A whole listing in one go (docs/decisions/0117-whole-listing-batch.md). The photo 600 px wide fails every
// engine step for good; the others run on the local engine.
const FAILING_WIDTH = 600

type Gen = {
  id: string
  status: string
  seed: number | null
  batchId: string | null
  projectId: string | null
  mode: string
  creditsCost: number
  metadata: {
    stagingStyle?: string
    roomType?: string
    listing?: { room: string; photo: string; reference?: string }
  }
}

let server: TestServer
let api: Api
let userId: string
let projectId: string
const photos: string[] = []

beforeAll(async () => {
  const local = createLocalEngine()
  const engine: Engine = {
    ...local,
    run: async (task, ctx) => {
      if ('input' in task && Buffer.isBuffer(task.input)) {
        const { width } = await sharp(task.input).metadata()
        if (width === FAILING_WIDTH) throw new EngineError('invalid_input', { id: 'room_photo_failed' })
      }
      return local.run(task, ctx)
    },
  }
  server = await startTestServer({ engines: singleEngineRouter(engine), env: { FREE_CREDITS: '200' } })
  api = new Api(server.url)
  userId = (await api.signUp()).user.uid
  projectId = (await api.post('/api/user/projects', { name: '4 Oak Lane', boardId: 'stellar' })).body.project
    .id
  // three source photos in the project, as earlier results made from them would leave them
  for (const width of [640, 640, FAILING_WIDTH]) {
    const key = `users/${userId}/uploads/${randomUUID()}.jpg`
    await server.ctx.storage.blobs.put(key, await roomJpeg(width, 480), 'image/jpeg')
    const id = randomUUID()
    await server.ctx.database.db.insert(generations).values({
      id,
      userId,
      projectId,
      type: 'image',
      generationType: 'home-staging',
      mode: 'straighten',
      status: 'completed',
      creditsCost: 0,
      payload: { v: 1 },
      inputKeys: [key],
      outputImageKey: key,
    })
    photos.push(id)
  }
})
afterAll(() => server?.close())

const body = (extra: Record<string, unknown> = {}) => ({
  photos: [
    { generationId: photos[0], room: 'Kitchen', roomType: 'kitchen' },
    { generationId: photos[1], room: 'kitchen', roomType: 'bedroom' },
    { generationId: photos[2], room: 'Bedroom', roomType: 'bedroom' },
  ],
  steps: [{ kind: 'staging' }],
  stagingStyle: 'scandinavian',
  ...extra,
})

describe('a job started with a project lands in it', () => {
  it('staging names the project; another id is refused before anything is charged', async () => {
    const r = await api.postForm(
      '/api/render/start',
      form({ generationType: 'home-staging', projectId }, { image: await roomJpeg(320, 240) }),
    )
    expect(r.status).toBe(202)
    const made = (r.body.generation ?? r.body.generations[0]) as Gen
    expect(made.projectId).toBe(projectId)
    await waitForJobs(api, [made.id], 120_000)
    const before = await balance(api)
    const other = await api.postForm(
      '/api/render/start',
      form({ generationType: 'home-staging', projectId: randomUUID() }, { image: await roomJpeg(320, 240) }),
    )
    expect(other.status).toBe(404)
    expect(await balance(api)).toBe(before)
    // give the credits back so the batch below starts from a known balance
    await server.ctx.database.query('update users set credits = 200 where id = $1', [userId])
    await server.ctx.database.query('delete from credit_transactions where user_id = $1', [userId])
  })
})

describe('a whole listing (docs/decisions/0117-whole-listing-batch.md)', () => {
  it('is quoted line by line before anything runs, and the quote holds nothing', async () => {
    const q = await api.post(`/api/user/projects/${projectId}/batch/quote`, body())
    expect(q.status).toBe(200)
    const price = COSTS.staging.cleaning + COSTS.staging.staging
    expect(q.body.total).toBe(3 * price)
    expect(q.body.lines).toHaveLength(6)
    expect(q.body.lines.map((l: { phase: string }) => l.phase)).toEqual([
      'cleaning',
      'staging',
      'cleaning',
      'staging',
      'cleaning',
      'staging',
    ])
    expect(q.body.lines.reduce((n: number, l: { credits: number }) => n + l.credits, 0)).toBe(q.body.total)
    // what the built-in engine does only approximately is said on the staging line, with a reason id per note
    // for the screen to translate
    const staged = q.body.lines.find((l: { phase: string }) => l.phase === 'staging')
    expect(staged.notes.length).toBeGreaterThan(0)
    expect(staged.reasons).toHaveLength(staged.notes.length)
    expect(staged.reasons).toContain('grade_only')
    expect(q.body.rooms).toEqual([
      { room: 'Kitchen', photos: 2, reference: false },
      { room: 'Bedroom', photos: 1, reference: false },
    ])
    expect(q.body.balance).toBe(200)
    expect(await balance(api)).toBe(200)
    // cleaning alone: the cleaning step's credits only
    const clean = await api.post(
      `/api/user/projects/${projectId}/batch/quote`,
      body({ steps: [{ kind: 'staging', steps: ['staging-clean'] }] }),
    )
    expect(clean.body.total).toBe(3 * COSTS.staging.cleaning)
    expect(clean.body.lines.map((l: { step: string }) => l.step)).toEqual(Array(3).fill('staging-clean'))
  })

  it('refuses a photo from outside the project and another user, and a changed quote, holding nothing', async () => {
    const stranger = new Api(server.url)
    await stranger.signUp()
    expect((await stranger.post(`/api/user/projects/${projectId}/batch/quote`, body())).status).toBe(404)
    const outside = await api.post(
      `/api/user/projects/${projectId}/batch/quote`,
      body({ photos: [{ generationId: randomUUID() }] }),
    )
    expect(outside.status).toBe(400)
    const changed = await api.post(`/api/user/projects/${projectId}/batch`, body({ expectedTotal: 1 }))
    expect(changed.status).toBe(409)
    expect(await balance(api)).toBe(200)
  })

  it('runs as one hold; a photo that fails releases its part, the rest are delivered, the ledger is exact', async () => {
    const price = COSTS.staging.cleaning + COSTS.staging.staging
    const r = await api.post(`/api/user/projects/${projectId}/batch`, body({ expectedTotal: 3 * price }))
    expect(r.status).toBe(202)
    expect(r.body.total).toBe(3 * price)
    const made = r.body.generations as Gen[]
    expect(made).toHaveLength(3)
    expect(made.every((g) => g.projectId === projectId && g.batchId === r.body.batchId)).toBe(true)
    // the same room: the same seed, room type (its first photo's), style; another room: another seed
    expect(made[0]!.seed).toBe(made[1]!.seed)
    expect(made[2]!.seed).not.toBe(made[0]!.seed)
    expect(made.map((g) => g.metadata.roomType)).toEqual(['kitchen', 'kitchen', 'bedroom'])
    expect(made.every((g) => g.metadata.stagingStyle === 'scandinavian')).toBe(true)
    expect(made.map((g) => g.metadata.listing?.reference)).toEqual([photos[0], photos[0], photos[2]])
    expect(await balance(api)).toBe(200 - 3 * price)

    const done = (await waitForJobs(
      api,
      made.map((g) => g.id),
      180_000,
    )) as Gen[]
    expect(done.map((g) => g.status)).toEqual(['completed', 'completed', 'failed'])
    const ledger = await server.ctx.database.query<{
      kind: string
      amount: number
      held: number
      generation_id: string | null
      request_id: string | null
    }>('select kind, amount, held, generation_id, request_id from credit_transactions where user_id = $1', [
      userId,
    ])
    expect(ledger.filter((t) => t.kind === 'hold')).toEqual([
      { kind: 'hold', amount: -3 * price, held: 3 * price, generation_id: null, request_id: r.body.batchId },
    ])
    expect(
      ledger
        .filter((t) => t.kind === 'capture')
        .map((t) => t.generation_id)
        .sort(),
    ).toEqual([done[0]!.id, done[1]!.id].sort())
    expect(ledger.filter((t) => t.kind === 'release')).toEqual([
      { kind: 'release', amount: price, held: -price, generation_id: done[2]!.id, request_id: null },
    ])
    expect(ledger.reduce((n, t) => n + t.held, 0)).toBe(0)
    expect(ledger.reduce((n, t) => n + t.amount, 0)).toBe(-2 * price)
    expect(await balance(api)).toBe(200 - 2 * price)
    // the same room staged with the same seed and settings from the same photo: the same picture
    const [a, b] = await Promise.all(
      done.slice(0, 2).map(async (g) => {
        const full = (await api.get(`/api/user/generations/${g.id}`)).body.generation
        const res = await fetch(`${api.base}${full.outputImageUrl}`, {
          headers: { authorization: `Bearer ${api.token}` },
        })
        return Buffer.from(await res.arrayBuffer())
      }),
    )
    expect(a!.equals(b!)).toBe(true)
  })

  it('a short balance refuses the whole listing and holds nothing', async () => {
    const left = await balance(api)
    const many = body({
      photos: photos.map((generationId) => ({ generationId })),
      steps: [{ kind: 'staging' }, { kind: 'animate' }],
    })
    const q = await api.post(`/api/user/projects/${projectId}/batch/quote`, {
      ...many,
      photos: photos.map((generationId) => ({ generationId, video: true })),
    })
    expect(q.status).toBe(200)
    expect(q.body.lines.filter((l: { kind: string }) => l.kind === 'animate')).toHaveLength(3)
    expect(q.body.total).toBeGreaterThan(left)
    const r = await api.post(`/api/user/projects/${projectId}/batch`, {
      ...many,
      photos: photos.map((generationId) => ({ generationId, video: true })),
    })
    expect(r.status).toBe(402)
    expect(await balance(api)).toBe(left)
  })
})
