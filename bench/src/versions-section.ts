// Variations and versions (docs/product.md#variations, docs/product.md#versions): four local variations of a
// 1024² sketch in one request against four single renders started together, and the versions tree of a
// 200-result lineage. In-process server on PGlite, the real local engine, real HTTP.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createContext } from '@parti/server/src/bootstrap.ts'
import { loadConfig } from '@parti/server/src/config.ts'
import { houseSketch } from '@parti/server/src/engines/local/fixtures.ts'
import { createLocalEngine } from '@parti/server/src/engines/local/index.ts'
import { singleEngineRouter } from '@parti/server/src/engines/router.ts'
import { uuidv7 } from '@parti/server/src/lib/ids.ts'
import { startRuntime } from '@parti/server/src/runtime.ts'
import pino from 'pino'
import { serverTimes } from './server-times.ts'
import { type BenchRow, median, percentile, round } from './stats.ts'

const ROUNDS = 3
const TREE = 200
const LINEAGE_CALLS = 300

async function run(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parti-bench-v-'))
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', FREE_CREDITS: '100000' })
  const ctx = await createContext(config, pino({ level: 'silent' }))
  const runtime = await startRuntime(ctx, {
    role: 'all',
    engines: singleEngineRouter(createLocalEngine()),
    port: 0,
    host: '127.0.0.1',
  })
  const address = runtime.app!.server.address()
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  try {
    const signUp = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-${Date.now()}@parti.test`, password: 'benchmark-pw' }),
    })
    const { token, user } = (await signUp.json()) as { token: string; user: { uid: string } }
    const auth = { authorization: `Bearer ${token}` }
    const sketch = await houseSketch({ width: 1024, height: 1024 })
    const start = async (variations: number) => {
      const form = new FormData()
      form.append('generationType', 'sketch-render')
      form.append('userPrompt', 'a brick house with a slate roof')
      if (variations > 1) form.append('variations', String(variations))
      form.append('sketch', new Blob([new Uint8Array(sketch)]), 's.png')
      const r = await fetch(`${base}/api/render/start`, { method: 'POST', headers: auth, body: form })
      const body = (await r.json()) as { generation?: { id: string }; generations?: { id: string }[] }
      return body.generations?.map((g) => g.id) ?? [body.generation!.id]
    }
    const done = async (ids: string[]) => {
      for (;;) {
        const r = await fetch(`${base}/api/user/generations/status?ids=${ids.join(',')}`, { headers: auth })
        const { generations } = (await r.json()) as { generations: { status: string }[] }
        if (generations.every((g) => g.status === 'completed' || g.status === 'failed')) return
        await new Promise((r) => setTimeout(r, 20))
      }
    }
    // a warm-up render: OpenCV loads once per process
    await done(await start(1))
    const together: number[] = []
    const apart: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now()
      await done(await start(4))
      together.push(performance.now() - t)
      t = performance.now()
      await done((await Promise.all([1, 2, 3, 4].map(() => start(1)))).flat())
      apart.push(performance.now() - t)
    }

    // a 200-result tree: a render, edits of it and of those (each result edited twice: a binary tree)
    const ids = Array.from({ length: TREE }, (_, i) => uuidv7(Date.now() + i))
    for (const [i, id] of ids.entries()) {
      await ctx.database.query(
        `insert into generations (id, user_id, type, generation_type, mode, status, credits_cost, payload,
                                  source_generation_id, created_at)
         values ($1, $2, 'image', 'chat-edit', 'magic-edit', 'completed', 20, '{}'::jsonb, $3, now() + ($4 || ' ms')::interval)`,
        [id, user.uid, i === 0 ? null : ids[Math.floor((i - 1) / 2)], String(i)],
      )
    }
    const leaf = ids[TREE - 1]!
    const times: number[] = []
    const served = serverTimes(runtime.app!.server)
    const onServer: number[] = []
    let size = 0
    for (let i = 0; i < LINEAGE_CALLS; i++) {
      const id = `lineage-${i}`
      const t = performance.now()
      const r = await fetch(`${base}/api/user/generations/${leaf}/lineage`, {
        headers: { ...auth, 'x-request-id': id },
      })
      const body = (await r.json()) as { generations: unknown[] }
      times.push(performance.now() - t)
      onServer.push(served.get(id) ?? Number.NaN)
      size = body.generations.length
    }
    const load = round(loadavg()[0]!, 1)
    const t4 = median(together)
    const s4 = median(apart)
    return [
      {
        name: 'four local variations of a 1024² sketch render, one request, to the last result',
        value: `${round(t4 / 1000, 2)} s (median of ${ROUNDS}; WORKER_CONCURRENCY ${config.WORKER_CONCURRENCY})`,
        target: 'reported, against four single renders started together',
        pass: null,
        note: `four single requests started together: ${round(s4 / 1000, 2)} s (median of ${ROUNDS}); ratio ${round(t4 / s4, 2)}; load average ${load} on 2 cores`,
      },
      {
        name: `versions tree of a ${TREE}-result lineage (GET …/lineage from a leaf), server time p95`,
        value: `${round(percentile(onServer, 95), 2)} ms (median ${round(median(onServer), 2)} ms, n=${LINEAGE_CALLS}, ${size} results answered)`,
        target: 'reported',
        pass: null,
        note: `server time: the HTTP server's request → response finish; loopback round trip p95 ${round(percentile(times, 95), 2)} ms; load average ${load} on 2 cores`,
      },
    ]
  } finally {
    await runtime.stop()
    await ctx.database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export const section = { title: 'Variations and versions', run }
