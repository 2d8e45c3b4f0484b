import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { roomJpeg, sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { createTestDatabase, PG_URL } from './helpers/database.ts'
import { balance, waitForJobs } from './helpers/jobs.ts'
import { type PartiProcess, spawnParti } from './helpers/processes.ts'
import { readEvents } from './helpers/sse.ts'

// each test starts several node processes and waits on leases and workers: on a loaded two-core machine that
// takes well over the suite's default minute
const PROCESS_TEST_MS = 180_000
const running: PartiProcess[] = []
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.kill('SIGKILL')))
  // last in, first out: close clients before dropping their database
  for (const c of cleanups.splice(0).reverse()) await c()
})
const start = async (role: 'all' | 'api' | 'worker', env: Record<string, string>) => {
  const p = await spawnParti(role, env)
  running.push(p)
  return p
}

async function waitForStatus(api: Api, id: string, status: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const g = (await api.get(`/api/user/generations/status?ids=${id}`)).body.generations[0]
    if (g?.status === status) return g
    if (Date.now() > deadline) throw new Error(`job stayed ${g?.status}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('a worker killed mid-job (SIGKILL)', () => {
  it.runIf(!PG_URL)(
    'on the embedded database: after a restart the job is taken up again and completes',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'parti-crash-'))
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
      const env = { DATA_DIR: dataDir, JOB_LEASE_SECONDS: '5', FREE_CREDITS: '1000' }
      const first = await start('all', env)
      const api = new Api(first.url)
      await api.signUp()
      const r = await api.postForm(
        '/api/render/animate',
        form(
          { description: 'long push in', duration: '10', cameraMovement: 'dolly_in' },
          { image: await roomJpeg() },
        ),
      )
      await waitForStatus(api, r.body.generation.id, 'processing')
      await first.kill('SIGKILL')

      const second = await start('all', env)
      const again = new Api(second.url, api.token)
      const [g] = await waitForJobs(again, [r.body.generation.id], 120_000)
      expect(g!.status).toBe('completed')
      expect(g!.outputVideoUrl).toBeTruthy()
    },
    PROCESS_TEST_MS,
  )

  it.runIf(!!PG_URL)(
    'on PostgreSQL: another worker finishes it once the lease runs out; nothing stays processing',
    async () => {
      const db = await createTestDatabase()
      cleanups.push(() => db.drop())
      const dataDir = mkdtempSync(join(tmpdir(), 'parti-crash-'))
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
      const env = {
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        JOB_LEASE_SECONDS: '5',
        FREE_CREDITS: '1000',
        SESSION_SECRET: 'x'.repeat(40),
      }
      const api = new Api((await start('api', env)).url)
      const w1 = await start('worker', env)
      const w2 = await start('worker', env)
      await api.signUp()
      const r = await api.postForm(
        '/api/render/animate',
        form({ description: 'orbit', duration: '10', cameraMovement: 'orbit' }, { image: await roomJpeg() }),
      )
      const id = r.body.generation.id
      await waitForStatus(api, id, 'processing')
      const client = new pg.Client({ connectionString: db.url })
      await client.connect()
      cleanups.push(() => client.end())
      const owner = (await client.query('select worker_id from generations where id = $1', [id])).rows[0]
        .worker_id as string
      const pid = Number(owner.split(':')[1])
      const victim = [w1, w2].find((w) => w.child.pid === pid)
      expect(victim, `worker ${owner} is one of ours`).toBeDefined()
      await victim!.kill('SIGKILL')

      const [g] = await waitForJobs(api, [id], 120_000)
      expect(g!.status).toBe('completed')
      const row = (await client.query('select attempts, worker_id from generations where id = $1', [id]))
        .rows[0]
      expect(row.attempts).toBe(2)
      expect(row.worker_id).not.toBe(owner)
      // charged once, not refunded, not charged again for the second attempt
      expect(await balance(api)).toBe(700)
      // docs/product.md#credit-holds: held once, captured once, nothing released or left on hold
      const ledger = await client.query(
        'select kind, amount, held from credit_transactions where generation_id = $1 order by created_at, id',
        [id],
      )
      // a 10 s video: 300 credits
      expect(ledger.rows.map((t) => [t.kind, t.amount, t.held])).toEqual([
        ['hold', -300, 300],
        ['capture', 0, -300],
      ])
      const stuck = await client.query(`select count(*)::int n from generations where status = 'processing'`)
      expect(stuck.rows[0].n).toBe(0)
    },
    PROCESS_TEST_MS,
  )
})

describe.runIf(!!PG_URL)('several processes on PostgreSQL', () => {
  it(
    'two workers never run one job twice, and an SSE client on an API process hears a job another process finished',
    async () => {
      const db = await createTestDatabase()
      cleanups.push(() => db.drop())
      const dataDir = mkdtempSync(join(tmpdir(), 'parti-multi-'))
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
      const env = {
        DATABASE_URL: db.url,
        DATA_DIR: dataDir,
        FREE_CREDITS: '2000',
        SESSION_SECRET: 'y'.repeat(40),
        WORKER_CONCURRENCY: '2',
      }
      // two API processes: jobs are created on one, the browser listens on the other
      const apiA = await start('api', env)
      const apiB = await start('api', env)
      await start('worker', env)
      await start('worker', env)
      const a = new Api(apiA.url)
      await a.signUp()
      const stream = readEvents(apiB.url, a.token!)
      await stream.next('ready')

      const sketch = await sketchPng(400, 300)
      const ids: string[] = []
      for (let i = 0; i < 30; i++) {
        const r = await a.postForm(
          '/api/render/start',
          form({ generationType: 'sketch-render', userPrompt: `house ${i}` }, { sketch }),
        )
        expect(r.status).toBe(202)
        ids.push(r.body.generation.id)
      }
      const done = await waitForJobs(a, ids, 120_000)
      expect(done.every((g) => g.status === 'completed')).toBe(true)
      const missing: string[] = []
      for (const id of ids) {
        await stream.next('generation.completed', (d) => d.id === id, 10_000).catch(() => missing.push(id))
      }
      expect(missing).toEqual([])
      stream.close()

      const client = new pg.Client({ connectionString: db.url })
      await client.connect()
      cleanups.push(() => client.end())
      const rows = (await client.query('select attempts, worker_id from generations')).rows
      // every job claimed exactly once, and both workers took part
      expect(rows.every((r) => r.attempts === 1)).toBe(true)
      expect(new Set(rows.map((r) => r.worker_id.split(':')[1])).size).toBe(2)
      expect(await balance(a)).toBe(2000 - 30 * 20)

      // a sign-out on one API process ends the session on the other at once, despite its session cache
      expect((await new Api(apiB.url, a.token).get('/api/user/profile')).status).toBe(200)
      expect((await new Api(apiA.url, a.token).request('POST', '/api/auth/sign-out')).status).toBe(200)
      const deadline = Date.now() + 2000
      let status = 200
      while (status === 200 && Date.now() < deadline)
        status = (await new Api(apiB.url, a.token).get('/api/user/profile')).status
      expect(status).toBe(401)
    },
    PROCESS_TEST_MS,
  )
})
