import { afterEach, describe, expect, it } from 'vitest'
import { singleEngineRouter } from '../src/engines/router.ts'
import { EngineError } from '../src/engines/types.ts'
import { JobQueue } from '../src/jobs/queue.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { gatedEngine } from './helpers/gated-engine.ts'
import { balance, waitForJobs } from './helpers/jobs.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

let server: TestServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

const render = (api: Api, sketch: Buffer, prompt = 'a house') =>
  api.postForm('/api/render/start', form({ generationType: 'sketch-render', userPrompt: prompt }, { sketch }))

describe('the durable queue', () => {
  it('wakes an idle worker at once through NOTIFY, not at the next poll', async () => {
    const gate = gatedEngine()
    gate.open()
    server = await startTestServer({ engines: singleEngineRouter(gate.engine) })
    const api = new Api(server.url)
    await api.signUp()
    const sketch = await sketchPng(200, 150)
    const t0 = Date.now()
    const r = await render(api, sketch)
    // the worker's fallback poll is 2 s; a NOTIFY-woken worker starts the engine far sooner (measured to the
    // engine's start: what follows it, such as the fidelity report, is not the queue's time)
    await gate.waitForStarts(1)
    expect(Date.now() - t0).toBeLessThan(1500)
    await waitForJobs(api, [r.body.generation.id])
  })

  it('takes Pro jobs before Standard, Lite and free ones, oldest first within a plan', async () => {
    const gate = gatedEngine()
    server = await startTestServer({
      engines: singleEngineRouter(gate.engine),
      env: { WORKER_CONCURRENCY: '1', FREE_CREDITS: '100' },
    })
    const sketch = await sketchPng(200, 150)
    const users: Record<string, Api> = {}
    for (const plan of ['free', 'lite', 'standard', 'pro']) {
      users[plan] = new Api(server.url)
      const { email } = await users[plan]!.signUp()
      if (plan !== 'free') {
        await server.ctx.database.query(
          `update users set plan = $1, subscription_status = 'active' where email = $2`,
          [plan, email],
        )
      }
    }
    // one job occupies the single worker slot while the others queue up
    const blocker = await render(users.free!, sketch, 'blocker')
    await gate.waitForStarts(1)
    const order: Record<string, string> = {}
    for (const plan of ['free', 'lite', 'standard', 'pro'])
      order[(await render(users[plan]!, sketch, plan)).body.generation.id] = plan
    gate.open()
    await waitForJobs(users.free!, [blocker.body.generation.id])
    for (const plan of Object.keys(users)) {
      const id = Object.keys(order).find((k) => order[k] === plan)!
      await waitForJobs(users[plan]!, [id])
    }
    expect(gate.started.slice(1).map((id) => order[id])).toEqual(['pro', 'standard', 'lite', 'free'])
  })

  it('claims a job whose lease ran out again, and fails and refunds it when attempts run out', async () => {
    const gate = gatedEngine()
    server = await startTestServer({
      engines: singleEngineRouter(gate.engine),
      env: { JOB_LEASE_SECONDS: '5', JOB_MAX_ATTEMPTS: '2' },
    })
    const api = new Api(server.url)
    await api.signUp()
    const r = await render(api, await sketchPng(200, 150))
    const id = r.body.generation.id
    await gate.waitForStarts(1)
    // a worker that stopped renewing: expire its lease by hand, as a dead process would leave it
    const queue = new JobQueue(server.ctx.database, server.ctx.storage)
    await server.ctx.database.query(
      `update generations set lease_until = now() - interval '1 second', worker_id = 'dead' where id = $1`,
      [id],
    )
    await gate.waitForStarts(2, 15_000)
    expect(gate.runs.get(id)).toBe(2)
    // second attempt also "dies": out of attempts now, the sweep fails and refunds it
    await server.ctx.database.query(
      `update generations set lease_until = now() - interval '1 second', worker_id = 'dead' where id = $1`,
      [id],
    )
    expect(await queue.sweepExhausted()).toBe(1)
    const [g] = await waitForJobs(api, [id])
    expect(g!.status).toBe('failed')
    expect(await balance(api)).toBe(200)
  })

  it('retries a transient engine failure, and refunds a permanent one without retrying', async () => {
    const gate = gatedEngine()
    server = await startTestServer({ engines: singleEngineRouter(gate.engine) })
    const api = new Api(server.url)
    await api.signUp()
    const r = await render(api, await sketchPng(200, 150))
    gate.fail(new EngineError('provider_failed', 'Failed to render sketch'))
    const [g] = await waitForJobs(api, [r.body.generation.id])
    expect(g).toMatchObject({ status: 'failed', error: 'Failed to render sketch' })
    expect(gate.runs.get(g!.id)).toBe(1)
    expect(await balance(api)).toBe(200)
  })

  it('releases claimed jobs on shutdown so another worker finishes them', async () => {
    const gate = gatedEngine()
    const first = await startTestServer({ engines: singleEngineRouter(gate.engine) })
    const api = new Api(first.url)
    await api.signUp()
    const r = await render(api, await sketchPng(200, 150))
    const id = r.body.generation.id
    await gate.waitForStarts(1)
    await first.close({ keepData: true })
    const rows = await (async () => {
      const gate2 = gatedEngine()
      gate2.open()
      server = await startTestServer({
        dataDir: first.dataDir,
        databaseUrl: first.databaseUrl,
        engines: singleEngineRouter(gate2.engine),
      })
      const again = new Api(server.url, api.token)
      return waitForJobs(again, [id])
    })()
    expect(rows[0]!.status).toBe('completed')
    // released, not failed: the interrupted attempt did not count
    const [row] = await server!.ctx.database.query<{ attempts: number }>(
      'select attempts from generations where id = $1',
      [id],
    )
    expect(row!.attempts).toBe(1)
  })
})
