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

const DURATION_S = 5
const ROUNDS = 3
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
    // warm up both servers (JIT, caches), then alternate them: on a noisy machine a single pair of runs can
    // land on either side of a busy moment, the median of three alternating pairs is steadier
    await load(`http://127.0.0.1:${barePort}/bare-same`)
    await load(statusUrl, auth)
    const tiny = await load(`http://127.0.0.1:${barePort}/bare`)
    const pairs: Array<{ bare: autocannon.Result; status: autocannon.Result; ratio: number }> = []
    for (let round = 0; round < ROUNDS; round++) {
      const baseline = await load(`http://127.0.0.1:${barePort}/bare-same`)
      const status = await load(statusUrl, auth)
      if (status.non2xx > 0) throw new Error(`status route answered ${status.non2xx} errors`)
      pairs.push({ bare: baseline, status, ratio: status.requests.average / baseline.requests.average })
    }
    pairs.sort((a, b) => a.ratio - b.ratio)
    const mid = pairs[Math.floor(pairs.length / 2)]!
    const p99s = pairs.map((p) => p.status.latency.p99).sort((a, b) => a - b)
    const p99 = p99s[Math.floor(p99s.length / 2)]!
    return [
      {
        name: `status route (20 ids) ÷ bare Fastify route answering the same JSON, throughput (${label})`,
        value: `${round(mid.ratio, 2)} (${round(mid.status.requests.average, 0)} vs ${round(mid.bare.requests.average, 0)} req/s, ${CONNECTIONS} connections, ${sample.length} B; median of ${ROUNDS} alternating pairs: ${pairs.map((p) => round(p.ratio, 2)).join(', ')})`,
        target: '≥ 0.5',
        pass: mid.ratio >= 0.5,
        note: `against a bare route answering {"success":true}: ${round(mid.status.requests.average / tiny.requests.average, 2)} (${round(tiny.requests.average, 0)} req/s)`,
      },
      {
        name: `status route p99 latency at that load (${label})`,
        value: `${p99} ms (median of the ${ROUNDS} runs' p99: ${p99s.join(', ')} ms; p50 ${mid.status.latency.p50} ms)`,
        target: '≤ 25 ms',
        pass: p99 <= 25,
      },
    ]
  } finally {
    await parti?.stop()
    await stop(bare)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
