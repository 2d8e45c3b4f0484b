// Queue latency: pending → engine start (NOTIFY wakes the worker) and engine finish → SSE client, against the
// 5 s polling of docs/product.md#polling. In-process server, real HTTP and a real SSE connection; a fast
// engine so only the queue and delivery are measured.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createContext } from '@parti/server/src/bootstrap.ts'
import { loadConfig } from '@parti/server/src/config.ts'
import { doesEverything } from '@parti/server/src/engines/capabilities.ts'
import { singleEngineRouter } from '@parti/server/src/engines/router.ts'
import type { Engine } from '@parti/server/src/engines/types.ts'
import { startRuntime } from '@parti/server/src/runtime.ts'
import pino from 'pino'
import sharp from 'sharp'
import { type BenchRow, mean, percentile, round } from './stats.ts'

const JOBS = 60

export async function benchQueueLatency(label: string, databaseUrl?: string): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parti-bench-q-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    FREE_CREDITS: String(JOBS * 20),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  })
  const ctx = await createContext(config, pino({ level: 'silent' }))
  const startedAt = new Map<string, number>()
  const finishedAt = new Map<string, number>()
  const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .png()
    .toBuffer()
  const engine: Engine = {
    id: 'local',
    supports: () => true,
    capabilities: doesEverything,
    modelFor: () => 'bench-instant',
    async run(_task, c) {
      startedAt.set(c.jobId, Date.now())
      await new Promise((r) => setTimeout(r, 5))
      finishedAt.set(c.jobId, Date.now())
      return {
        outputs: [{ kind: 'image', data: tiny, contentType: 'image/png', width: 8, height: 8 }],
        facts: { engine: 'local', model: 'bench-instant' },
      }
    },
  }
  const runtime = await startRuntime(ctx, {
    role: 'all',
    engines: singleEngineRouter(engine),
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
    const { token } = (await signUp.json()) as { token: string }
    const received = new Map<string, number>()
    const sse = await openSse(base, token, (type, data) => {
      if (type === 'generation.completed') received.set((data as { id: string }).id, Date.now())
    })
    const sketch = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const created = new Map<string, number>()
    for (let i = 0; i < JOBS; i++) {
      const form = new FormData()
      form.append('generationType', 'sketch-render')
      form.append('userPrompt', `bench ${i}`)
      form.append('sketch', new Blob([new Uint8Array(sketch)]), 's.png')
      const r = await fetch(`${base}/api/render/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
      const body = (await r.json()) as { generation: { id: string; createdAt: string } }
      created.set(body.generation.id, Date.parse(body.generation.createdAt))
      // spaced out so each job finds the worker idle, as a user's job usually does
      await new Promise((r) => setTimeout(r, 40))
    }
    const deadline = Date.now() + 30_000
    while (received.size < JOBS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    sse.close()

    const toStart = [...created].map(([id, at]) => startedAt.get(id)! - at)
    const toBrowser = [...finishedAt].map(([id, at]) => received.get(id)! - at).filter(Number.isFinite)
    // the polling fallback: a poller every 5 s sees a completion on its next tick, a random phase later
    const pollDelays = toBrowser.map((_, i) => ((i * 0.6180339887) % 1) * 5000)
    const p95Start = percentile(toStart, 95)
    const p95Sse = percentile(toBrowser, 95)
    return [
      {
        name: `pending → engine start, p95 (${label})`,
        value: `${round(p95Start)} ms (median ${round(percentile(toStart, 50))} ms, n=${toStart.length})`,
        target: '≤ 50 ms',
        pass: p95Start <= 50,
      },
      {
        name: `engine finish → SSE client, p95 (${label})`,
        value: `${round(p95Sse)} ms (median ${round(percentile(toBrowser, 50))} ms, n=${toBrowser.length})`,
        target: '≤ 250 ms',
        pass: p95Sse <= 250 && toBrowser.length === JOBS,
        note: `5 s polling would average ${round(mean(pollDelays) / 1000, 2)} s: SSE is ${round(mean(pollDelays) / mean(toBrowser), 0)}× sooner on average`,
      },
    ]
  } finally {
    await runtime.stop()
    await ctx.database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function openSse(base: string, token: string, onEvent: (type: string, data: unknown) => void) {
  const controller = new AbortController()
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  })
  let ready: () => void
  const isReady = new Promise<void>((r) => {
    ready = r
  })
  ;(async () => {
    const decoder = new TextDecoder()
    let buf = ''
    for await (const chunk of res.body!) {
      buf += decoder.decode(chunk as Uint8Array, { stream: true })
      let i = buf.indexOf('\n\n')
      while (i >= 0) {
        const block = buf.slice(0, i)
        buf = buf.slice(i + 2)
        const type = /^event: (.+)$/m.exec(block)?.[1]
        const data = /^data: (.+)$/m.exec(block)?.[1]
        if (type === 'ready') ready!()
        if (type && data) onEvent(type, JSON.parse(data))
        i = buf.indexOf('\n\n')
      }
    }
  })().catch(() => {})
  await isReady
  return { close: () => controller.abort() }
}
