// npm run test:resilience: the scale-out path under a crowd. A fresh PostgreSQL database, the S3 blob store
// (s3rver on loopback), two API and two worker processes started as an operator starts them, and simulated
// users on loopback that each hold an event stream, poll their jobs' status every 5 s and start a render now
// and then (the local engine). Reports throughput, latency per route, errors, each process's memory over time,
// jobs completed against started and how many results were heard live, and writes them to bench/README.md.
//
//   RESILIENCE_USERS=500 RESILIENCE_MINUTES=10 npm run test:resilience      (the defaults)
//   RESILIENCE_USERS=100 RESILIENCE_MINUTES=1 npm run test:resilience       (a short run)
//   RESILIENCE_RENDER_EVERY_S=300   mean seconds between one user's renders (exponential, so bursts happen)
//   RESILIENCE_DATABASE_URL         the PostgreSQL server to create the run's database on
//   RESILIENCE_DRAIN_S=180          how long accepted jobs may take to end after the load
//   RESILIENCE_WRITE=0              print the figures without touching bench/README.md
import { type ChildProcess, fork } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { freePort, ROOT, startParti } from './processes.ts'
import { percentile, round } from './stats.ts'

const USERS = Number(process.env.RESILIENCE_USERS ?? 500)
const MINUTES = Number(process.env.RESILIENCE_MINUTES ?? 10)
const RENDER_EVERY_S = Number(process.env.RESILIENCE_RENDER_EVERY_S ?? 300)
const POLL_EVERY_S = 5
const RSS_EVERY_S = 10
/** after the load stops: how long started jobs may take to end */
const DRAIN_S = Number(process.env.RESILIENCE_DRAIN_S ?? 180)
const PG_SERVER = process.env.RESILIENCE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

interface Sample {
  route: string
  ms: number
  status: number
}

const samples: Sample[] = []
const errors: Array<{ route: string; status: number; detail: string }> = []
const started = new Map<string, number>() // generation id → when its 202 reached the user
const heardLive = new Set<string>() // jobs whose end an event stream delivered
let streamsOpen = 0
let streamReconnects = 0

async function timed(
  route: string,
  url: string,
  init: RequestInit,
  expected: number[],
): Promise<Response | null> {
  const t0 = performance.now()
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
    const ms = performance.now() - t0
    samples.push({ route, ms, status: res.status })
    if (!expected.includes(res.status)) {
      errors.push({ route, status: res.status, detail: (await res.text()).slice(0, 200) })
      return null
    }
    return res
  } catch (err) {
    samples.push({ route, ms: performance.now() - t0, status: 0 })
    errors.push({ route, status: 0, detail: String(err) })
    return null
  }
}

/** s3rver in a child process with one bucket (apps/server/test/helpers/s3rver-process.mjs). */
async function startS3(bucket: string) {
  const directory = await mkdtemp(join(tmpdir(), 'parti-resilience-s3-'))
  const child = fork(join(ROOT, 'apps/server/test/helpers/s3rver-process.mjs'), [directory, bucket], {
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port))
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)))
  })
  return {
    child,
    env: {
      BLOB_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.disconnect()
        await exited
      }
      await rm(directory, { recursive: true, force: true })
    },
  }
}

async function rssMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
    return Number.isFinite(kb) ? kb / 1024 : null
  } catch {
    return null
  }
}

/** One user: an event stream held open (reconnecting with Last-Event-ID), a status poll, renders now and then. */
class User {
  private lastEventId = 0
  private readonly mine: string[] = []
  private stopped = false
  private stream: AbortController | null = null
  private listening: Promise<void> = Promise.resolve()

  constructor(
    private readonly base: string,
    private readonly token: string,
    private readonly address: string,
    private readonly sketch: Buffer,
  ) {}

  private headers(extra: Record<string, string> = {}) {
    return { authorization: `Bearer ${this.token}`, 'x-forwarded-for': this.address, ...extra }
  }

  async listen(): Promise<void> {
    while (!this.stopped) {
      this.stream = new AbortController()
      try {
        const res = await fetch(`${this.base}/api/events`, {
          headers: this.headers({
            accept: 'text/event-stream',
            ...(this.lastEventId ? { 'last-event-id': String(this.lastEventId) } : {}),
          }),
          signal: this.stream.signal,
        })
        if (!res.ok || !res.body) throw new Error(`event stream answered ${res.status}`)
        streamsOpen++
        try {
          await this.read(res.body)
        } finally {
          streamsOpen--
        }
      } catch (err) {
        if (this.stopped) return
        errors.push({ route: 'GET /api/events', status: 0, detail: String(err) })
      }
      if (this.stopped) return
      streamReconnects++
      await sleep(3000)
    }
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder()
    let buf = ''
    for await (const chunk of body) {
      buf += decoder.decode(chunk, { stream: true })
      for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
        const block = buf.slice(0, i)
        buf = buf.slice(i + 2)
        let event = 'message'
        let data = ''
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) this.lastEventId = Number(line.slice(4))
          else if (line.startsWith('event: ')) event = line.slice(7)
          else if (line.startsWith('data: ')) data += line.slice(6)
        }
        if ((event === 'generation.completed' || event === 'generation.failed') && data) {
          const id = (JSON.parse(data) as { id?: string }).id
          if (id) heardLive.add(id)
        }
      }
    }
  }

  async poll(): Promise<void> {
    // the browser's fallback: the jobs it shows that have not ended, else its newest ones
    const ids = this.mine.filter((id) => !heardLive.has(id)).slice(-20)
    const list = (ids.length ? ids : this.mine.slice(-5)).join(',')
    if (!list) {
      await timed(
        'GET /api/user/profile',
        `${this.base}/api/user/profile`,
        { headers: this.headers() },
        [200],
      )
      return
    }
    const res = await timed(
      'GET /api/user/generations/status',
      `${this.base}/api/user/generations/status?ids=${list}`,
      { headers: this.headers() },
      [200],
    )
    await res?.arrayBuffer()
  }

  async render(): Promise<void> {
    const form = new FormData()
    form.append('generationType', 'sketch-render')
    form.append('userPrompt', 'a timber house on a hill, late afternoon light')
    form.append('sketch', new Blob([new Uint8Array(this.sketch)], { type: 'image/png' }), 'sketch.png')
    const res = await timed(
      'POST /api/render/start',
      `${this.base}/api/render/start`,
      { method: 'POST', headers: this.headers(), body: form },
      [202],
    )
    if (!res) return
    const id = ((await res.json()) as { generation: { id: string } }).generation.id
    started.set(id, Date.now())
    this.mine.push(id)
  }

  async run(until: number): Promise<void> {
    this.listening = this.listen()
    // spread the crowd's first requests over the first poll interval, as users arrive
    await sleep(Math.random() * POLL_EVERY_S * 1000)
    let nextPoll = Date.now()
    let nextRender = Date.now() + exponential(RENDER_EVERY_S * 1000)
    while (Date.now() < until) {
      const now = Date.now()
      if (now >= nextRender) {
        await this.render()
        nextRender = now + exponential(RENDER_EVERY_S * 1000)
      }
      if (now >= nextPoll) {
        await this.poll()
        nextPoll = now + POLL_EVERY_S * 1000
      }
      await sleep(Math.max(10, Math.min(nextPoll, nextRender, until) - Date.now()))
    }
  }

  async stopListening(): Promise<void> {
    this.stopped = true
    this.stream?.abort()
    await this.listening
  }
}

const exponential = (meanMs: number) => -Math.log(1 - Math.random()) * meanMs
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** a user's own address (TRUST_PROXY): the crowd comes from many machines, as a real one does */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

async function main() {
  const dbName = `parti_resilience_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: PG_SERVER })
  await admin.connect()
  await admin.query(`create database ${dbName}`)
  const dbUrl = new URL(PG_SERVER)
  dbUrl.pathname = `/${dbName}`
  const s3 = await startS3('parti-resilience')
  const dataDir = await mkdtemp(join(tmpdir(), 'parti-resilience-'))
  const env = {
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: dataDir,
    SESSION_SECRET: 'r'.repeat(40),
    FREE_CREDITS: '100000',
    TRUST_PROXY: 'true',
    WORKER_CONCURRENCY: '2',
    WEB_DIST_DIR: '/nonexistent',
    ...s3.env,
  }
  const processes: Array<{ name: string; child: ChildProcess; stop: () => Promise<void> }> = []
  const rss = new Map<string, Array<{ t: number; mb: number }>>()
  let rssTimer: NodeJS.Timeout | null = null
  try {
    // the first API process migrates the fresh database; the others start on it afterwards
    const apiA = await startParti('api', env, freePort())
    processes.push({ name: 'api 1', ...apiA })
    const apiB = await startParti('api', env, freePort())
    processes.push({ name: 'api 2', ...apiB })
    for (const n of [1, 2]) processes.push({ name: `worker ${n}`, ...(await startParti('worker', env, 0)) })
    const apis = [apiA.url, apiB.url]

    const sketch = await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">
        <rect width="480" height="360" fill="#f7f5ef"/><g fill="none" stroke="#222" stroke-width="3">
        <polyline points="90,270 90,150 240,70 390,150 390,270"/><line x1="30" y1="270" x2="450" y2="270"/>
        <rect x="125" y="175" width="65" height="55"/><rect x="290" y="175" width="65" height="55"/>
        <rect x="215" y="200" width="50" height="70"/></g></svg>`),
    )
      .png()
      .toBuffer()

    // accounts through the product's own sign-up, each from its own address, spread over both API processes
    console.log(`signing up ${USERS} users…`)
    const users: User[] = []
    for (let i = 0; i < USERS; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, USERS - i) }, async (_, j) => {
          const n = i + j
          const base = apis[n % 2]!
          const res = await timed(
            'POST /api/auth/sign-up',
            `${base}/api/auth/sign-up`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(n + 1) },
              body: JSON.stringify({ email: `load-${n}-${dbName}@parti.test`, password: 'resilience-pw' }),
            },
            [201],
          )
          if (!res) throw new Error(`sign-up ${n} failed: ${JSON.stringify(errors.at(-1))}`)
          const { token } = (await res.json()) as { token: string }
          return new User(base, token, addressOf(n + 1), sketch)
        }),
      )
      users.push(...batch)
    }
    samples.length = 0 // the figures are for the load, not the sign-ups

    const sampleRss = async () => {
      for (const p of processes) {
        const mb = p.child.pid ? await rssMb(p.child.pid) : null
        if (mb !== null) rss.set(p.name, [...(rss.get(p.name) ?? []), { t: Date.now(), mb }])
      }
    }
    await sampleRss()
    rssTimer = setInterval(() => void sampleRss(), RSS_EVERY_S * 1000)
    const load0 = loadavg()
    const t0 = Date.now()
    const until = t0 + MINUTES * 60_000
    const progress = setInterval(() => {
      const ended = [...started.keys()].filter((id) => heardLive.has(id)).length
      console.log(
        `${Math.round((Date.now() - t0) / 1000)} s: ${samples.length} requests, ${errors.length} errors, ${streamsOpen} streams, ${started.size} jobs started, ${ended} heard ended`,
      )
    }, 30_000)
    console.log(`load: ${USERS} users for ${MINUTES} min, a render every ~${RENDER_EVERY_S} s per user`)
    await Promise.all(users.map((u) => u.run(until)))
    const loadSeconds = (Date.now() - t0) / 1000
    clearInterval(progress)
    const loadEnd = loadavg()

    // drain: every accepted job must end; the streams stay open to hear it
    const db = new pg.Client({ connectionString: dbUrl.toString() })
    await db.connect()
    const drainDeadline = Date.now() + DRAIN_S * 1000
    let open = Number.POSITIVE_INFINITY
    while (Date.now() < drainDeadline) {
      open = (
        await db.query(`select count(*)::int n from generations where status in ('pending', 'processing')`)
      ).rows[0].n
      if (open === 0) break
      await sleep(1000)
    }
    await sleep(3000) // the last events' way to the streams
    await Promise.all(users.map((u) => u.stopListening()))
    if (rssTimer) clearInterval(rssTimer)
    await sampleRss()

    const outcome = (
      await db.query<{ status: string; n: number }>(
        `select status, count(*)::int n from generations group by 1`,
      )
    ).rows
    const count = (s: string) => outcome.find((r) => r.status === s)?.n ?? 0
    // the database's count: a render whose 202 did not reach its user in time (a client timeout) still ran
    const accepted = outcome.reduce((n, r) => n + r.n, 0)
    const ended = (
      await db.query<{ id: string }>(`select id from generations where status in ('completed', 'failed')`)
    ).rows
    const endedHeard = ended.filter((r) => heardLive.has(r.id)).length
    const unbalanced = (
      await db.query(
        `select count(*)::int n from users u
          where u.credits <> coalesce((select sum(amount) from credit_transactions t where t.user_id = u.id), 0)`,
      )
    ).rows[0].n as number
    const failedUnrefunded = (
      await db.query(
        `select count(*)::int n from generations where status = 'failed' and credits_refunded <> credits_cost`,
      )
    ).rows[0].n as number
    await db.end()

    const report = formatReport({
      loadSeconds,
      load0,
      loadEnd,
      accepted,
      endedHeard,
      completed: count('completed'),
      failed: count('failed'),
      stillOpen: open,
      unbalanced,
      failedUnrefunded,
      rss,
    })
    console.log(`\n${report}`)
    if (process.env.RESILIENCE_WRITE !== '0') writeSection(report)
    const ok =
      errors.length === 0 &&
      unbalanced === 0 &&
      failedUnrefunded === 0 &&
      open === 0 &&
      count('completed') + count('failed') === accepted
    if (!ok) {
      for (const e of errors.slice(0, 10)) console.error(`error: ${e.route} ${e.status} ${e.detail}`)
      process.exitCode = 1
    }
  } finally {
    if (rssTimer) clearInterval(rssTimer)
    for (const p of processes.reverse()) await p.stop()
    await s3.close()
    await rm(dataDir, { recursive: true, force: true })
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {})
    await admin.end()
  }
}

function formatReport(r: {
  loadSeconds: number
  load0: number[]
  loadEnd: number[]
  accepted: number
  endedHeard: number
  completed: number
  failed: number
  stillOpen: number
  unbalanced: number
  failedUnrefunded: number
  rss: Map<string, Array<{ t: number; mb: number }>>
}): string {
  const routes = [...new Set(samples.map((s) => s.route))].sort()
  const total = samples.length
  const failedRequests = samples.filter((s) => s.status === 0 || s.status >= 500).length
  const ended = r.completed + r.failed
  let out = `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}: ${USERS} users for ${MINUTES} min (a render every ~${RENDER_EVERY_S} s per user, status every ${POLL_EVERY_S} s, one event stream each), 2 API + 2 worker processes (WORKER_CONCURRENCY=2), PostgreSQL (a fresh database), S3 store (s3rver), local engine, load generator in one process on the same machine. Load average (1/5/15 min) at the start ${r.load0.map((l) => round(l, 2)).join(' / ')}, at the end ${r.loadEnd.map((l) => round(l, 2)).join(' / ')} (the machine's 2 cores are shared with other work).\n\n`
  out += `| measure | result |\n|---|---|\n`
  out += `| requests | ${total} in ${round(r.loadSeconds, 0)} s: ${round(total / r.loadSeconds, 1)} req/s |\n`
  out += `| errors (any unexpected status, 5xx or network error, event streams included) | ${errors.length} (${round((100 * errors.length) / Math.max(1, total), 3)} %; 5xx/network ${failedRequests}) |\n`
  out += `| event streams | ${USERS} held; ${streamReconnects} reconnects |\n`
  out += `| jobs | ${r.accepted} accepted (${started.size} of their 202s reached the user in time), ${r.completed} completed, ${r.failed} failed (all refunded: ${r.failedUnrefunded === 0 ? 'yes' : `no, ${r.failedUnrefunded} not`}), ${r.stillOpen} still open after the ${DRAIN_S} s drain |\n`
  out += `| results heard live on an event stream | ${r.endedHeard} of ${ended} ended jobs |\n`
  out += `| balances equal to their ledger | ${r.unbalanced === 0 ? 'all' : `${r.unbalanced} differ`} |\n`
  out += `\n| route | requests | p50 | p99 | max |\n|---|---|---|---|---|\n`
  for (const route of routes) {
    const ms = samples.filter((s) => s.route === route).map((s) => s.ms)
    out += `| ${route} | ${ms.length} | ${round(percentile(ms, 50))} ms | ${round(percentile(ms, 99))} ms | ${round(Math.max(...ms))} ms |\n`
  }
  out += `\nResident memory (VmRSS from /proc, sampled every ${RSS_EVERY_S} s):\n\n| process | first | middle | last | peak | last − first |\n|---|---|---|---|---|---|\n`
  for (const [name, points] of r.rss) {
    const first = points[0]!.mb
    const mid = points[Math.floor(points.length / 2)]!.mb
    const last = points.at(-1)!.mb
    const peak = Math.max(...points.map((p) => p.mb))
    out += `| ${name} | ${round(first, 0)} MB | ${round(mid, 0)} MB | ${round(last, 0)} MB | ${round(peak, 0)} MB | ${last - first >= 0 ? '+' : ''}${round(last - first, 0)} MB |\n`
  }
  return out
}

/** Replace the section between the markers in bench/README.md (above `npm run bench`'s results). */
function writeSection(report: string) {
  const path = join(ROOT, 'bench/README.md')
  const readme = readFileSync(path, 'utf8')
  const begin = '<!-- resilience -->'
  const end = '<!-- /resilience -->'
  const section = `${begin}\n## Under load on the scale-out path (\`npm run test:resilience\`)\n\n${report}${end}`
  let next: string
  if (readme.includes(begin)) {
    next = readme.slice(0, readme.indexOf(begin)) + section + readme.slice(readme.indexOf(end) + end.length)
  } else {
    const at = readme.indexOf('<!-- results -->')
    next = at >= 0 ? `${readme.slice(0, at)}${section}\n\n${readme.slice(at)}` : `${readme}\n${section}\n`
  }
  writeFileSync(path, next)
  console.log('written to bench/README.md')
}

await main()
