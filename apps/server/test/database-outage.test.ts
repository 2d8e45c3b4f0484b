import { mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { roomJpeg } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { createTestDatabase, PG_URL } from './helpers/database.ts'
import { balance, ledgerSum, waitForJobs } from './helpers/jobs.ts'
import { type PartiProcess, spawnParti } from './helpers/processes.ts'

/**
 * A TCP relay to PostgreSQL that the test can cut: every open connection dropped and new ones refused, as when
 * the database restarts or the network between them goes away.
 */
async function relay(target: URL) {
  const sockets = new Set<Socket>()
  let down = false
  const server: Server = createServer((client) => {
    if (down) return client.destroy()
    const upstream = connect(Number(target.port || 5432), target.hostname)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => {})
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const port = (server.address() as { port: number }).port
  return {
    url: (database: string) => `postgres://${target.username || 'postgres'}@127.0.0.1:${port}${database}`,
    cut() {
      down = true
      for (const s of sockets) s.destroy()
    },
    restore() {
      down = false
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

const running: PartiProcess[] = []
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.kill('SIGKILL')))
  for (const c of cleanups.splice(0).reverse()) await c()
})

describe('the database goes away for a while (PostgreSQL)', () => {
  it.runIf(!!PG_URL)(
    'the API answers 503 with Retry-After within its timeout, the worker stays up, and the job ends once it is back',
    async () => {
      const db = await createTestDatabase()
      cleanups.push(() => db.drop())
      const target = new URL(db.url)
      const tcp = await relay(target)
      cleanups.push(() => tcp.close())
      const dataDir = mkdtempSync(join(tmpdir(), 'parti-outage-'))
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
      const p = await spawnParti('all', {
        DATABASE_URL: tcp.url(target.pathname),
        DATA_DIR: dataDir,
        JOB_LEASE_SECONDS: '5',
        FREE_CREDITS: '1000',
        SESSION_SECRET: 'x'.repeat(40),
      })
      running.push(p)
      const api = new Api(p.url)
      await api.signUp()
      const r = await api.postForm(
        '/api/render/animate',
        form(
          { description: 'push in', duration: '10', cameraMovement: 'dolly_in' },
          { image: await roomJpeg() },
        ),
      )
      expect(r.status).toBe(202)
      const id = r.body.generation.id as string

      tcp.cut()
      const t0 = Date.now()
      const during = await api.get('/api/user/profile')
      const waited = Date.now() - t0
      expect(during.status).toBe(503)
      expect(during.headers.get('retry-after')).toBe('5')
      expect(during.body.error.code).toBe('unavailable')
      expect(waited).toBeLessThan(6_000)
      // long enough for the job's end (or its lease renewals) to meet the outage
      await new Promise((res) => setTimeout(res, 8_000))
      expect(p.child.exitCode).toBeNull()
      tcp.restore()

      const [g] = await waitForJobs(api, [id], 120_000)
      expect(['completed', 'failed']).toContain(g!.status)
      expect(p.child.exitCode).toBeNull()
      expect(await ledgerSum(api)).toBe(await balance(api))
    },
    180_000,
  )
})
