import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SessionUser } from '../src/auth/sessions.ts'
import type { Database } from '../src/db/client.ts'
import { changeCredits } from '../src/db/repos/credits.ts'
import { AppError } from '../src/domain/errors.ts'
import { GenerationService } from '../src/generations/service.ts'
import { createJobs } from '../src/jobs/create.ts'
import { JobQueue } from '../src/jobs/queue.ts'
import { StatusCache } from '../src/jobs/status-cache.ts'
import { Api } from './helpers/client.ts'
import { rng } from './helpers/random.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// docs/product.md#credit-holds, as a property: random interleavings of accept, claim, retry, shutdown
// release, crash (a lease that runs out, then a takeover or the sweep), a crash between the engine's finish
// and the commit, complete (in full or keeping a partial result), fail, cancel and delete, by the job's worker
// or a stale one, against the real queue and database. After every step: every balance equals the sum of its
// ledger and the model's figure, none is negative, each job is held once, captured only when delivered and at
// most once; at the end no finished job has credits on hold.
//
// PARTI_PROPERTY_RUNS (default 150) and PARTI_PROPERTY_STEPS (default 10) make it run longer;
// PARTI_PROPERTY_SEED replays one seed (printed with any failure).

const RUNS = Number(process.env.PARTI_PROPERTY_RUNS ?? 150)
const STEPS = Number(process.env.PARTI_PROPERTY_STEPS ?? 10)
const FIRST_SEED = Number(process.env.PARTI_PROPERTY_SEED ?? 1)
const MAX_ATTEMPTS = 2
const WORKERS = ['w1', 'w2', 'w3'] as const

interface Job {
  id: string
  user: number
  cost: number
  status: 'pending' | 'processing' | 'completed' | 'failed'
  worker: string | null
  attempts: number
  leaseExpired: boolean
  deleted: boolean
  /** what the job should end up charged and given back, once it ended */
  captured: number
  released: number
}

class Crash extends Error {}
/** how often each outcome happened: every one must have been exercised */
const seen: Record<string, number> = {}
const saw = (what: string) => {
  seen[what] = (seen[what] ?? 0) + 1
}

let server: TestServer
let database: Database
let queue: JobQueue
/** the same queue over a database whose transactions die just before they commit */
let crashing: JobQueue
let service: GenerationService
const sessions: SessionUser[] = []

beforeAll(async () => {
  server = await startTestServer({ role: 'api' })
  database = server.ctx.database
  queue = new JobQueue(database, server.ctx.storage)
  const db = database.db
  const dying = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver)
      return (fn: (tx: unknown) => Promise<unknown>) =>
        target.transaction(async (tx) => {
          await fn(tx)
          throw new Crash('the process died before the commit')
        })
    },
  })
  crashing = new JobQueue({ ...database, db: dying }, server.ctx.storage)
  service = new GenerationService(db, server.ctx.storage, queue, new StatusCache())
  for (let i = 0; i < 2; i++) {
    const api = new Api(server.url)
    const { user } = await api.signUp()
    sessions.push({
      sessionId: 's',
      userId: user.uid,
      email: '',
      role: 'user',
      plan: null,
      subscriptionStatus: 'none',
      subscriptionEndDate: null,
      tokenKind: 'session',
    })
  }
}, 60_000)
afterAll(() => server.close())

/**
 * One round trip: each user's balance against the sum of their ledger, and each job's ledger rows by kind.
 * Checks the invariants and returns the balances, for the model to compare.
 */
async function check(jobs: Job[]): Promise<number[]> {
  const rows = await database.query<{
    id: string
    status: string | null
    credits: number
    ledger: number
    holds: number
    captures: number
    releases: number
    hold: number
    open: number
    captured: number
    released: number
  }>(
    `select u.id, null as status, u.credits,
            (select coalesce(sum(amount), 0)::int from credit_transactions t where t.user_id = u.id) ledger,
            0 holds, 0 captures, 0 releases, 0 hold, 0 open, 0 captured, 0 released
       from users u where u.id = any($1)
     union all
     select g.id, g.status, 0, 0,
            count(*) filter (where t.kind = 'hold')::int,
            count(*) filter (where t.kind = 'capture')::int,
            count(*) filter (where t.kind = 'release')::int,
            coalesce(-sum(t.amount) filter (where t.kind = 'hold'), 0)::int,
            coalesce(sum(t.held), 0)::int,
            coalesce(-sum(t.held) filter (where t.kind = 'capture'), 0)::int,
            coalesce(sum(t.amount) filter (where t.kind = 'release'), 0)::int
       from generations g left join credit_transactions t on t.generation_id = g.id
      where g.id = any($2::uuid[]) group by g.id, g.status`,
    [sessions.map((s) => s.userId), jobs.map((j) => j.id)],
  )
  for (const j of jobs) {
    const r = rows.find((x) => x.id === j.id)!
    const at = `job ${j.id} (${j.status})`
    expect(r.status, at).toBe(j.status)
    expect([r.holds, r.hold], `${at}: held once, its price`).toEqual([1, j.cost])
    expect(r.captures, `${at}: captured at most once`).toBeLessThanOrEqual(1)
    expect(r.releases, `${at}: released at most once`).toBeLessThanOrEqual(1)
    if (j.status === 'pending' || j.status === 'processing') {
      expect([r.open, r.captures, r.releases], `${at}: all of it still on hold`).toEqual([j.cost, 0, 0])
    } else {
      expect(r.open, `${at}: nothing left on hold`).toBe(0)
      expect([r.captured, r.released], `${at}: captured what was delivered`).toEqual([j.captured, j.released])
      if (j.status === 'failed') expect(r.captures, `${at}: a failed job is not captured`).toBe(0)
    }
  }
  return sessions.map((s) => {
    const r = rows.find((x) => x.id === s.userId)!
    expect(r.credits, 'balance = sum of ledger').toBe(r.ledger)
    expect(r.credits, 'never negative').toBeGreaterThanOrEqual(0)
    return r.credits
  })
}

/** One random interleaving; returns how many steps ran. */
async function run(seed: number): Promise<number> {
  const r = rng(seed)
  const jobs: Job[] = []
  const model = await check([])
  // each run starts each user at 0 to 100 credits (an adjustment row), so acceptance and 402 both happen
  for (const [u, s] of sessions.entries()) {
    const change = r.int(6) * 20 - model[u]!
    if (change)
      await database.db.transaction((tx) =>
        changeCredits(tx, { userId: s.userId, amount: change, kind: 'adjustment', description: 'test' }),
      )
    model[u]! += change
  }
  const live = () => jobs.filter((j) => j.status === 'pending' || j.status === 'processing')
  const processing = () => jobs.filter((j) => j.status === 'processing')
  const end = (j: Job, status: 'completed' | 'failed', released: number) => {
    Object.assign(j, { status, worker: null, captured: j.cost - released, released })
    model[j.user]! += released
  }
  /** the job's worker, or now and then a worker that does not hold it (a stale one after a takeover) */
  const someWorker = (j: Job) => (r.next() < 0.75 && j.worker ? j.worker : r.pick(WORKERS))

  const claim = async () => {
    const w = r.pick(WORKERS)
    const row = await queue.claim(w, 60)
    const eligible = live().filter(
      (j) => j.status === 'pending' || (j.leaseExpired && j.attempts < MAX_ATTEMPTS),
    )
    if (!row) return expect(eligible).toEqual([])
    const j = eligible.find((x) => x.id === row.id)
    expect(j, 'claimed a job that was runnable').toBeDefined()
    saw(j!.status === 'processing' ? 'takeover' : 'claimed')
    Object.assign(j!, { status: 'processing', worker: w, attempts: j!.attempts + 1, leaseExpired: false })
  }
  const sweep = async () => {
    const exhausted = processing().filter((j) => j.leaseExpired && j.attempts >= MAX_ATTEMPTS)
    expect(await queue.sweepExhausted()).toBe(exhausted.length)
    if (exhausted.length) saw('swept')
    for (const j of exhausted) end(j, 'failed', j.cost)
  }

  const ops: Array<[() => number, () => Promise<void>]> = [
    [
      () => 3,
      async () => {
        const user = r.int(sessions.length)
        const staging = r.next() < 0.5
        const cost = staging ? 40 : 20
        const accept = createJobs(
          database,
          server.ctx.storage,
          sessions[user]!,
          [
            {
              mode: staging ? 'staging' : 'sketch',
              task: { kind: staging ? 'staging' : 'sketch', inputKey: 'none' },
              cost,
              userPrompt: 'p',
              enhancedPrompt: null,
              inputKeys: [],
              metadata: {},
            },
          ],
          { maxAttempts: MAX_ATTEMPTS },
        )
        if (model[user]! < cost) {
          await expect(accept).rejects.toMatchObject({ code: 'insufficient_credits' })
          return saw('402')
        }
        const [row] = await accept
        model[user]! -= cost
        saw('accepted')
        jobs.push({
          ...{ id: row!.id, user, cost, status: 'pending', worker: null, attempts: 0 },
          ...{ leaseExpired: false, deleted: false, captured: 0, released: 0 },
        })
      },
    ],
    [() => (processing().some((j) => j.leaseExpired) ? 8 : 4), () => claim()],
    ...(['full', 'partial', 'fail', 'crash-commit', 'retry', 'release'] as const).map(
      (what) =>
        [
          () => (processing().length ? (what === 'full' || what === 'fail' ? 3 : 2) : 0),
          async () => {
            const running = processing().filter((x) => what !== 'partial' || x.cost === 40)
            const j = r.pick(running.length ? running : jobs)
            if (!j) return
            const w = someWorker(j)
            const holds = j.status === 'processing' && j.worker === w
            saw(`${what}${holds ? '' : ' (not the holder)'}`)
            const partial = what === 'partial' && j.cost === 40
            if (what === 'crash-commit') {
              // the engine finished, the worker died before its commit: nothing of it may be left
              await expect(crashing.complete(j.id, w, {})).rejects.toBeInstanceOf(Crash)
            } else if (what === 'retry') {
              await queue.retryLater(j.id, w, 0, 'busy')
              if (holds) Object.assign(j, { status: 'pending', worker: null })
            } else if (what === 'release') {
              await queue.release(j.id, w)
              if (holds)
                Object.assign(j, { status: 'pending', worker: null, attempts: Math.max(0, j.attempts - 1) })
            } else if (what === 'fail') {
              const row = await queue.fail(j.id, w, { error: 'It broke', code: 'provider_failed' })
              expect(row !== null, 'only the holder fails it').toBe(holds)
              if (holds) end(j, 'failed', j.cost)
            } else {
              const release = partial ? { amount: 20, reason: 'the staging phase failed' } : undefined
              const row = await queue.complete(j.id, w, { ...(release ? { release } : {}) })
              expect(row !== null, 'only the holder completes it').toBe(holds)
              if (holds) end(j, 'completed', partial ? 20 : 0)
            }
          },
        ] as [() => number, () => Promise<void>],
    ),
    [
      () => (processing().length ? 5 : 0),
      async () => {
        // the worker died: its lease runs out; now and then on its last attempt (its workers kept dying).
        // Then, as often as not, at once what follows: another worker's claim or the sweep.
        const j = processing().length ? r.pick(processing()) : null
        if (!j) return
        const last = r.next() < 0.4
        await database.query(
          `update generations set lease_until = now() - interval '1 second',
                  attempts = case when $2 then max_attempts else attempts end where id = $1`,
          [j.id, last],
        )
        Object.assign(j, { leaseExpired: true, attempts: last ? MAX_ATTEMPTS : j.attempts })
        saw('lease expired')
        if (r.next() < 0.5) await (last ? sweep() : claim())
      },
    ],
    [() => (processing().some((j) => j.leaseExpired) ? 3 : 0.3), () => sweep()],
    [
      () => 2,
      async () => {
        // the user deletes it: a pending job is cancelled, a running one is left to its worker
        const j = jobs.length ? r.pick(jobs) : null
        if (!j) return
        const deleting = service.delete(sessions[j.user]!.userId, j.id)
        if (j.deleted) return void (await expect(deleting).rejects.toBeInstanceOf(AppError))
        await deleting
        j.deleted = true
        saw(`deleted ${j.status}`)
        if (j.status === 'pending') end(j, 'failed', j.cost)
      },
    ],
  ]
  let steps = 0
  for (; steps < STEPS; steps++) {
    // each kind of step by its weight, among those that can apply now
    const weights = ops.map(([w]) => w())
    const k = r.next() * weights.reduce((a, b) => a + b, 0)
    let at = 0
    for (let sum = weights[0]!; sum <= k && at < weights.length - 1; ) sum += weights[++at]!
    const op = ops[at]![1]
    await op()
    expect(await check(jobs)).toEqual(model)
  }
  // whatever is left ends: by its worker, or failed by the sweeper's path
  for (const j of live()) {
    if (j.status === 'processing' && r.next() < 0.5) {
      expect(await queue.complete(j.id, j.worker!, {})).not.toBeNull()
      end(j, 'completed', 0)
    } else {
      expect(await queue.fail(j.id, null, { error: 'Stopped', code: 'lease_expired' })).not.toBeNull()
      end(j, 'failed', j.cost)
    }
  }
  expect(await check(jobs)).toEqual(model)
  return steps
}

describe('credits held, then captured or released (docs/product.md#credit-holds)', () => {
  it(`keeps the ledger's guarantees over ${RUNS} random interleavings`, async () => {
    const t0 = Date.now()
    let steps = 0
    for (let seed = FIRST_SEED; seed < FIRST_SEED + RUNS; seed++) {
      try {
        steps += await run(seed)
      } catch (err) {
        throw new Error(`seed ${seed} (replay: PARTI_PROPERTY_SEED=${seed} PARTI_PROPERTY_RUNS=1): ${err}`, {
          cause: err,
        })
      }
    }
    // no finished job anywhere holds credits
    const open = await database.query<{ n: number }>(
      `select count(*)::int n from (
         select g.id from generations g join credit_transactions t on t.generation_id = g.id
          where g.status in ('completed', 'failed') group by g.id having sum(t.held) <> 0) x`,
    )
    expect(open[0]!.n).toBe(0)
    console.info(seen)
    if (RUNS >= 50) {
      const outcomes = [
        'accepted',
        '402',
        'claimed',
        'takeover',
        'swept',
        'deleted pending',
        'deleted processing',
      ]
      for (const what of ['full', 'partial', 'fail', 'crash-commit', 'retry', 'release'])
        outcomes.push(what, `${what} (not the holder)`)
      for (const what of outcomes) expect(seen[what] ?? 0, `${what} was exercised`).toBeGreaterThan(0)
    }
    console.info(seen, `credit holds: ${RUNS} runs, ${steps} steps in ${Date.now() - t0} ms`)
  }, 600_000)
})
