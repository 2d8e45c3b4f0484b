// GET /api/user/generations/status with 20 ids against a bare Fastify JSON route, same machine, same load
// generator, measured in one run: the ratio is what matters on a noisy machine.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import sharp from 'sharp'
import { freePort, ROOT, startParti, stop } from './processes.ts'
import { type BenchRow, round } from './stats.ts'

const DURATION_S = 8
const CONNECTIONS = 16

function load(url: string, headers: Record<string, string> = {}) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  )
}

export async function benchApiThroughput(label: string, databaseUrl?: string): Promise<BenchRow[]> {
  const bare = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/src/bare-server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const barePort = await new Promise<number>((resolve) =>
    bare.stdout!.once('data', (d) => resolve(JSON.parse(String(d)).port)),
  )
  const dataDir = mkdtempSync(join(tmpdir(), 'parti-bench-api-'))
  const port = freePort()
  let parti: Awaited<ReturnType<typeof startParti>> | null = null
  try {
    parti = await startParti(
      'api',
      { DATA_DIR: dataDir, FREE_CREDITS: '1000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      port,
    )
    const signUp = await fetch(`${parti!.url}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-${Date.now()}@parti.test`, password: 'benchmark-pw' }),
    })
    const { token } = (await signUp.json()) as { token: string }
    const sketch = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const ids: string[] = []
    for (let i = 0; i < 20; i++) {
      const form = new FormData()
      form.append('generationType', 'sketch-render')
      form.append('userPrompt', `status bench ${i}`)
      form.append('sketch', new Blob([new Uint8Array(sketch)]), 's.png')
      const r = await fetch(`${parti!.url}/api/render/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
      ids.push(((await r.json()) as { generation: { id: string } }).generation.id)
    }
    const statusUrl = `${parti!.url}/api/user/generations/status?ids=${ids.join(',')}`
    const auth = { authorization: `Bearer ${token}` }
    // the bare route answers the very same bytes (about 18 KB for 20 generations)
    const sample = await (await fetch(statusUrl, { headers: auth })).text()
    await fetch(`http://127.0.0.1:${barePort}/body`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: sample,
    })
    // warm up both servers (JIT, caches), then measure one after the other
    await load(`http://127.0.0.1:${barePort}/bare-same`)
    await load(statusUrl, auth)
    const tiny = await load(`http://127.0.0.1:${barePort}/bare`)
    const baseline = await load(`http://127.0.0.1:${barePort}/bare-same`)
    const status = await load(statusUrl, auth)
    if (status.non2xx > 0) throw new Error(`status route answered ${status.non2xx} errors`)
    const ratio = status.requests.average / baseline.requests.average
    return [
      {
        name: `status route (20 ids) ÷ bare Fastify route answering the same JSON, throughput (${label})`,
        value: `${round(ratio, 2)} (${round(status.requests.average, 0)} vs ${round(baseline.requests.average, 0)} req/s, ${CONNECTIONS} connections, ${sample.length} B)`,
        target: '≥ 0.5',
        pass: ratio >= 0.5,
        note: `against a bare route answering {"success":true}: ${round(status.requests.average / tiny.requests.average, 2)} (${round(tiny.requests.average, 0)} req/s)`,
      },
      {
        name: `status route p99 latency at that load (${label})`,
        value: `${status.latency.p99} ms (p50 ${status.latency.p50} ms)`,
        target: '≤ 25 ms',
        pass: status.latency.p99 <= 25,
      },
    ]
  } finally {
    await parti?.stop()
    await stop(bare)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
