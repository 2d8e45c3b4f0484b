import { GENERATION_STATUSES, type GenerationStatus } from '@parti/contract'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database, Db } from '../src/db/client.ts'
import * as schema from '../src/db/schema.ts'
import { canTransition } from '../src/domain/jobs.ts'
import { GenerationService } from '../src/generations/service.ts'
import { JobQueue } from '../src/jobs/queue.ts'
import { StatusCache } from '../src/jobs/status-cache.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { balance } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// The queue's conditional updates against the domain's transition table (domain/jobs.ts), on the real
// database: every method is driven from every status, every change it makes must be one the table allows,
// every change the table allows must be made by some method (no decoy table), and a job that left `pending`
// is never cancelled by a delete.

let server: TestServer
let api: Api
let queue: JobQueue
let sketch: Buffer
let userId: string

// an API process without a worker: jobs stay where the test puts them
beforeAll(async () => {
  server = await startTestServer({ role: 'api' })
  api = new Api(server.url)
  userId = (await api.signUp()).user.uid
  const topped = await server.ctx.database.query(
    `update users set credits = 10000 where id = $1 returning id`,
    [userId],
  )
  expect(topped).toHaveLength(1)
  queue = new JobQueue(server.ctx.database, server.ctx.storage)
  sketch = await sketchPng(200, 150)
})
afterAll(() => server.close())
// a claim takes whatever job is runnable: only the job under test may be
beforeEach(async () => {
  await server.ctx.database.query(
    `update generations set status = 'completed', lease_until = null where status in ('pending', 'processing')`,
  )
})

async function newJob(): Promise<string> {
  const r = await api.postForm(
    '/api/render/start',
    form({ generationType: 'sketch-render', userPrompt: 'a house' }, { sketch }),
  )
  expect(r.status).toBe(202)
  return r.body.generation.id
}

const row = async (id: string) =>
  (
    await server.ctx.database.query<{
      status: GenerationStatus
      worker_id: string | null
      credits_refunded: number
      credits_cost: number
      deleted: boolean
      error_code: string | null
    }>(
      `select status, worker_id, credits_refunded, credits_cost, deleted, error_code from generations where id = $1`,
      [id],
    )
  )[0]!

/** How the job is left before a method runs: its status, and for a processing job the lease and attempts. */
interface Setup {
  leaseExpired?: boolean
  attemptsLeft?: boolean
}

async function put(id: string, status: GenerationStatus, setup: Setup = {}) {
  const processing = status === 'processing'
  await server.ctx.database.query(
    `update generations
        set status = $2, worker_id = $3, run_after = now() - interval '1 second', deleted = false,
            lease_until = case when $4::boolean then now() - interval '1 minute' else now() + interval '1 hour' end,
            attempts = case when $5::boolean then 1 else max_attempts end,
            error = null, error_code = null, credits_refunded = 0,
            completed_at = case when $2 in ('completed', 'failed') then now() end
      where id = $1`,
    [id, status, processing ? 'worker-1' : null, setup.leaseExpired ?? false, setup.attemptsLeft ?? true],
  )
  if (!processing)
    await server.ctx.database.query(`update generations set lease_until = null where id = $1`, [id])
}

const failure = { error: 'It broke', code: 'engine_error' }
const METHODS: Array<{ name: string; setup?: Setup; run: (id: string) => Promise<unknown> }> = [
  { name: 'claim', setup: { leaseExpired: true }, run: () => queue.claim('worker-2', 60) },
  { name: 'renewLease', run: (id) => queue.renewLease(id, 'worker-1', 60) },
  { name: 'saveCheckpoint', run: (id) => queue.saveCheckpoint(id, 'worker-1', { progress: 0.5 }) },
  { name: 'complete', run: (id) => queue.complete(id, 'worker-1', {}) },
  { name: 'fail by its worker', run: (id) => queue.fail(id, 'worker-1', failure) },
  { name: 'fail by the sweeper', run: (id) => queue.fail(id, null, failure) },
  { name: 'retryLater', run: (id) => queue.retryLater(id, 'worker-1', 0, 'busy') },
  { name: 'release', run: (id) => queue.release(id, 'worker-1') },
  {
    name: 'sweepExhausted',
    setup: { leaseExpired: true, attemptsLeft: false },
    run: () => queue.sweepExhausted(),
  },
  {
    name: 'cancelPending',
    run: (id) => server.ctx.database.db.transaction((tx) => queue.cancelPending(tx, id)),
  },
]

describe('the queue keeps to the domain’s transitions', () => {
  it('drives every method from every status: only allowed changes happen, and every allowed one does', async () => {
    const id = await newJob()
    const observed = new Set<string>()
    for (const method of METHODS) {
      for (const from of GENERATION_STATUSES) {
        await put(id, from, method.setup)
        await method.run(id)
        const to = (await row(id)).status
        if (to === from) continue
        observed.add(`${from} → ${to}`)
        expect(canTransition(from, to), `${method.name} took a ${from} job to ${to}`).toBe(true)
      }
    }
    const allowed = GENERATION_STATUSES.flatMap((from) =>
      GENERATION_STATUSES.filter((to) => to !== from && canTransition(from, to)).map(
        (to) => `${from} → ${to}`,
      ),
    )
    expect([...observed].sort()).toEqual(allowed.sort())
  })

  it('refuses the changes the table forbids, answering that nothing happened', async () => {
    const id = await newJob()
    await put(id, 'pending')
    expect(await queue.complete(id, 'worker-1', {})).toBeNull()
    for (const final of ['completed', 'failed'] as const) {
      await put(id, final)
      expect(await queue.complete(id, 'worker-1', {})).toBeNull()
      expect(await queue.fail(id, null, failure)).toBeNull()
      expect(await server.ctx.database.db.transaction((tx) => queue.cancelPending(tx, id))).toBeNull()
      expect(await queue.claim('worker-2', 60)).toBeNull()
      expect((await row(id)).status).toBe(final)
    }
  })
})

/**
 * The database as the service under test (and its queue) sees it, letting a worker claim the job just before
 * their `at`-th statement outside a transaction (a read, a write, or a transaction as a whole): the moments
 * where a claim can land between what the service saw and what it does.
 */
function claimingBefore(
  at: number,
  claim: () => Promise<unknown>,
): { database: Database; claimed: () => boolean } {
  const real = server.ctx.database
  let statements = 0
  let fired = false
  const before = async () => {
    if (++statements === at) {
      fired = true
      await claim()
    }
  }
  const client = (real.db as unknown as { $client: object }).$client
  const hooked = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target)
      if (typeof value !== 'function') return value
      if (prop !== 'query' && prop !== 'transaction' && prop !== 'connect') return value.bind(target)
      return async (...args: unknown[]) => {
        await before()
        return value.apply(target, args)
      }
    },
  })
  const db = (real.kind === 'pglite'
    ? drizzlePglite({ client: hooked as never, schema })
    : drizzlePg({ client: hooked as never, schema })) as unknown as Db
  const database: Database = {
    ...real,
    db,
    async query(text, params) {
      await before()
      return real.query(text, params)
    },
  }
  return { database, claimed: () => fired }
}

describe('deleting a job races no claim', () => {
  it('cancels and refunds a job no worker took, and leaves one a worker took to that worker', async () => {
    let runs = 0
    let claimedFirst = 0
    for (let at = 1; ; at++) {
      const id = await newJob()
      const before = await balance(api)
      const taken = { id: null as string | null }
      const hook = claimingBefore(at, async () => {
        taken.id = (await queue.claim('worker-1', 60))?.id ?? null
      })
      const { database, claimed } = hook
      const service = new GenerationService(
        database.db,
        server.ctx.storage,
        new JobQueue(database, server.ctx.storage),
        new StatusCache(),
      )
      await service.delete(userId, id)
      if (!claimed()) break
      runs++

      const after = await row(id)
      expect(after.deleted).toBe(true)
      if (taken.id === id) {
        claimedFirst++
        // the worker's job: not failed, not refunded, still its to finish
        expect(after).toMatchObject({ status: 'processing', worker_id: 'worker-1', credits_refunded: 0 })
        expect(await balance(api)).toBe(before)
        expect(await queue.complete(id, 'worker-1', {})).not.toBeNull()
      } else {
        expect(after).toMatchObject({ status: 'failed', error_code: 'cancelled' })
        expect(after.credits_refunded).toBe(after.credits_cost)
        expect(await balance(api)).toBe(before + after.credits_cost)
      }
    }
    // the claim landed before the service's first statement at least: the case that matters was exercised
    expect(runs).toBeGreaterThanOrEqual(1)
    expect(claimedFirst).toBeGreaterThanOrEqual(1)
  })

  it('over HTTP: a job claimed after the browser last saw it pending is soft-deleted and left running', async () => {
    const id = await newJob()
    const seen = await api.get(`/api/user/generations/status?ids=${id}`)
    expect(seen.body.generations[0].status).toBe('pending')
    const before = await balance(api)
    expect((await queue.claim('worker-1', 60))?.id).toBe(id)

    expect((await api.request('DELETE', `/api/user/generations/${id}`)).status).toBe(200)
    expect(await row(id)).toMatchObject({ status: 'processing', worker_id: 'worker-1', deleted: true })
    expect(await balance(api)).toBe(before)
    expect((await api.get(`/api/user/generations/${id}`)).status).toBe(404)
    expect((await queue.complete(id, 'worker-1', {}))?.status).toBe('completed')
  })

  it('over HTTP: a pending job is cancelled, refunded and never claimed', async () => {
    const id = await newJob()
    const before = await balance(api)
    expect((await api.request('DELETE', `/api/user/generations/${id}`)).status).toBe(200)
    const after = await row(id)
    expect(after).toMatchObject({ status: 'failed', error_code: 'cancelled', deleted: true })
    expect(await balance(api)).toBe(before + after.credits_cost)
    expect(await queue.claim('worker-2', 60)).toBeNull()
  })
})
