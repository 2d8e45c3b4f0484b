// The status route by personal API key against the same route by browser session cookie, in one run
// (docs/decisions/0065-api-keys-hashed-sessions.md says a key costs what a session costs; the key adds the plan
// check and its per-key rate limit). `npm run bench -- "api key"` runs only this section.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import sharp from 'sharp'
import { freePort, startParti } from './processes.ts'
import { type BenchRow, round } from './stats.ts'

const DURATION_S = 3
const ROUNDS = 9
const CONNECTIONS = 16
const IDS = 20

function load(url: string, headers: Record<string, string>) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  )
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

async function benchApiKey(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parti-bench-key-'))
  const port = freePort()
  // a budget no run reaches: the limiter still counts every request, which is part of what a key costs
  const parti = await startParti(
    'api',
    { DATA_DIR: dataDir, FREE_CREDITS: '1000', API_KEY_RATE_LIMIT: '100000' },
    port,
  )
  try {
    const base = parti.url
    const { token } = await json<{ token: string }>(
      await fetch(`${base}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `bench-key-${Date.now()}@parti.test`, password: 'benchmark-pw' }),
      }),
    )
    const bearer = { authorization: `Bearer ${token}` }
    // Pro through the built-in test checkout, as a user buys it
    const checkout = await json<{ sessionId: string }>(
      await fetch(`${base}/api/user/subscriptions/create`, {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'pro', billingType: 'monthly' }),
      }),
    )
    const paid = await fetch(`${base}/api/payments/test-checkout/${checkout.sessionId}?lang=en`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...bearer, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=paid',
    })
    if (paid.status !== 303) throw new Error(`test checkout answered ${paid.status}`)
    // one key per round: each has its own minute budget
    const keys: string[] = []
    for (let i = 0; i <= ROUNDS; i++) {
      const created = await json<{ key: string }>(
        await fetch(`${base}/api/user/api-keys`, {
          method: 'POST',
          headers: { ...bearer, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `bench ${i}` }),
        }),
      )
      keys.push(created.key)
    }
    const sketch = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()
    const ids: string[] = []
    for (let i = 0; i < IDS; i++) {
      const form = new FormData()
      form.append('generationType', 'sketch-render')
      form.append('userPrompt', `key bench ${i}`)
      form.append('sketch', new Blob([new Uint8Array(sketch)]), 's.png')
      const started = await json<{ generation: { id: string } }>(
        await fetch(`${base}/api/render/start`, { method: 'POST', headers: bearer, body: form }),
      )
      ids.push(started.generation.id)
    }
    const url = `${base}/api/user/generations/status?ids=${ids.join(',')}`
    const cookie = { cookie: `parti_session=${token}` }
    const byKey = (i: number) => ({ authorization: `Bearer ${keys[i]}` })
    const keyBody = await (await fetch(url, { headers: byKey(0) })).text()
    const cookieBody = await (await fetch(url, { headers: cookie })).text()
    if (keyBody !== cookieBody) throw new Error('the key and the cookie were answered differently')

    // warm both paths, then rotate the order of three loads per round (cookie, key, and the cookie again as a
    // control: what the same path measures against itself on this machine) so busy moments hit all alike
    await load(url, cookie)
    await load(url, byKey(0))
    // a script's key is in use already: its first request (the session lookup) is not part of the measure
    for (let i = 1; i <= ROUNDS; i++) await fetch(url, { headers: byKey(i) }).then((r) => r.text())
    const rounds: Array<{
      cookie: autocannon.Result
      key: autocannon.Result
      ratio: number
      control: number
    }> = []
    for (let r = 0; r < ROUNDS; r++) {
      const runs: Record<string, autocannon.Result> = {}
      const order = [
        ['cookie', cookie],
        ['key', byKey(r + 1)],
        ['again', cookie],
      ] as const
      for (let i = 0; i < order.length; i++) {
        const [name, headers] = order[(i + r) % order.length]!
        runs[name] = await load(url, headers)
      }
      const { cookie: c, key: k, again: a } = runs as Record<'cookie' | 'key' | 'again', autocannon.Result>
      if (c.non2xx || k.non2xx || a.non2xx) throw new Error('non-2xx answers in the load')
      rounds.push({
        cookie: c,
        key: k,
        ratio: k.requests.average / c.requests.average,
        control: a.requests.average / c.requests.average,
      })
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!
    const ratio = median(rounds.map((r) => r.ratio))
    const control = median(rounds.map((r) => r.control))
    const mid = [...rounds].sort((x, y) => x.ratio - y.ratio)[Math.floor(rounds.length / 2)]!
    return [
      {
        name: `status route (${IDS} ids) by API key ÷ by session cookie, throughput (PGlite)`,
        value: `${round(ratio, 2)} (${round(mid.key.requests.average, 0)} vs ${round(mid.cookie.requests.average, 0)} req/s, ${CONNECTIONS} connections, ${keyBody.length} B; median of ${ROUNDS} rounds: ${rounds
          .map((r) => round(r.ratio, 2))
          .sort((x, y) => x - y)
          .join(', ')})`,
        target: '≥ 0.9',
        pass: ratio >= 0.9,
        note: `control, the cookie against itself in the same rounds: ${round(control, 2)}; p99 by key ${mid.key.latency.p99} ms, by cookie ${mid.cookie.latency.p99} ms`,
      },
    ]
  } finally {
    await parti.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export const section = { title: 'API key throughput', run: benchApiKey }
