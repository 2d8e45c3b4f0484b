import { execFileSync } from 'node:child_process'
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { sweepBlobDeletions } from '../src/account/deletion.ts'
import { singleEngineRouter } from '../src/engines/router.ts'
import { type BlobStore, BlobWriteError } from '../src/storage/types.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { gatedEngine } from './helpers/gated-engine.ts'
import { balance, ledgerSum, waitForJobs } from './helpers/jobs.ts'
import { startTestS3, type TestS3 } from './helpers/s3.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// The blob store refusing writes while renders run (docs/decisions/0090-blob-store-refusing-writes.md): a full
// local disk (or a read-only one where this process may not mount), and a bucket whose server went away. The
// request that brings a file answers 503 with Retry-After and charges nothing; a running job is failed and
// refunded; no part of a file is left; after the sweep no file is left that no row points at; once the store is
// back new jobs work.

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const render = (api: Api, sketch: Buffer) =>
  api.postForm(
    '/api/render/start',
    form({ generationType: 'sketch-render', userPrompt: 'a barn' }, { sketch }),
  )

/** Every key in the store that no row names (a generation's inputs, outputs and metadata; a message). */
async function orphans(server: TestServer): Promise<string[]> {
  const named = new Set<string>()
  const rows = await server.ctx.database.query<{ j: string }>(
    `select row_to_json(g)::text j from generations g union all select row_to_json(m)::text from messages m`,
  )
  for (const { j } of rows) for (const m of j.matchAll(/users\/[A-Za-z0-9/_.-]+/g)) named.add(m[0])
  const left: string[] = []
  for await (const key of server.ctx.storage.blobs.list('users/')) if (!named.has(key)) left.push(key)
  return left
}

const sweep = (server: TestServer) =>
  sweepBlobDeletions(server.ctx.database.db, server.ctx.storage.blobs, pino({ level: 'silent' }))

/** The refusal and the recovery, the same on either store. */
async function refusedThenBack(
  server: TestServer,
  gate: ReturnType<typeof gatedEngine>,
  breakStore: () => Promise<void> | void,
  mendStore: () => Promise<void> | void,
) {
  const api = new Api(server.url)
  await api.signUp()
  const sketch = await sketchPng(200, 150)
  const running = await render(api, sketch)
  expect(running.status).toBe(202)
  const id = running.body.generation.id as string
  await gate.waitForStarts(1)
  expect(await balance(api)).toBe(80)

  await breakStore()
  // a new request with a file: a clear 503, nothing charged, nothing created
  const refused = await render(api, sketch)
  expect(refused.status).toBe(503)
  expect(refused.headers.get('retry-after')).toBe('5')
  expect(refused.body.error).toEqual({
    code: 'unavailable',
    message: 'Files cannot be stored right now. Please try again in a moment.',
  })
  expect(await balance(api)).toBe(80)
  // the running job cannot store its result: retried once (JOB_MAX_ATTEMPTS=2), then failed and refunded
  gate.open()
  const [failed] = await waitForJobs(api, [id], 30_000)
  expect(failed!.status).toBe('failed')
  expect(await balance(api)).toBe(100)
  expect(await ledgerSum(api)).toBe(100)
  const gens = (await api.get('/api/user/generations?limit=50')).body.generations as unknown[]
  expect(gens).toHaveLength(1)

  await mendStore()
  await sweep(server)
  expect(await orphans(server)).toEqual([])
  const again = await render(api, sketch)
  expect(again.status).toBe(202)
  const [done] = await waitForJobs(api, [again.body.generation.id])
  expect(done!.status).toBe('completed')
  expect(await balance(api)).toBe(80)
  expect(await ledgerSum(api)).toBe(80)
  expect(await orphans(server)).toEqual([])
  return { jobId: id }
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
  } catch {
    return []
  }
}

describe('the blob store refuses writes while renders run', () => {
  it('the local folder: a full disk (a small tmpfs where this process may mount one, else a read-only folder)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parti-full-'))
    const files = join(dataDir, 'files')
    mkdirSync(files)
    // the run's migrated database folder, as startTestServer copies it for a folder of its own
    const template = inject('pgliteTemplate')
    if (template) cpSync(template, join(dataDir, 'db'), { recursive: true })
    let mounted = false
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', files], { stdio: 'ignore' })
      mounted = true
    } catch {}
    cleanups.push(() => {
      if (mounted) execFileSync('umount', [files])
      rmSync(dataDir, { recursive: true, force: true })
    })
    const gate = gatedEngine()
    const server = await startTestServer({
      dataDir,
      engines: singleEngineRouter(gate.engine),
      env: { BLOB_STORE: 'fs', JOB_MAX_ATTEMPTS: '2', FREE_CREDITS: '100' },
    })
    cleanups.push(() => server.close())
    const filler = join(files, 'filler')
    await refusedThenBack(
      server,
      gate,
      () => {
        if (mounted) {
          // fill the disk: the write stops at the last free byte with ENOSPC
          try {
            writeFileSync(filler, Buffer.alloc(2 << 20, 1))
          } catch (err) {
            expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC')
          }
        } else {
          for (const p of [
            files,
            ...readdirSync(files, { recursive: true, encoding: 'utf8' }).map((p) => join(files, p)),
          ])
            chmodSync(p, 0o555)
        }
      },
      () => {
        // no part of a refused file was left behind
        expect(filesUnder(files).filter((f) => f.endsWith('.tmp'))).toEqual([])
        if (mounted) rmSync(filler)
        else
          for (const p of [
            files,
            ...readdirSync(files, { recursive: true, encoding: 'utf8' }).map((p) => join(files, p)),
          ])
            chmodSync(p, 0o755)
      },
    )
  })

  it('an S3 bucket whose server went away', async () => {
    const s3: TestS3 = await startTestS3()
    cleanups.push(() => s3.close())
    const gate = gatedEngine()
    const server = await startTestServer({
      engines: singleEngineRouter(gate.engine),
      env: { ...s3.env, JOB_MAX_ATTEMPTS: '2', FREE_CREDITS: '100' },
    })
    cleanups.push(() => server.close())
    await refusedThenBack(
      server,
      gate,
      () => s3.stop(),
      () => s3.restart(),
    )
  })

  it('a result stored but its thumbnail refused: the job fails, is refunded, and the sweep leaves no file', async () => {
    const gate = gatedEngine()
    gate.open()
    const server = await startTestServer({
      engines: singleEngineRouter(gate.engine),
      env: { JOB_MAX_ATTEMPTS: '1', FREE_CREDITS: '100' },
    })
    cleanups.push(() => server.close())
    // the store takes every file but thumbnails, as a disk that fills up between two writes would
    const real = server.ctx.storage.blobs
    const refusing: BlobStore = Object.assign(Object.create(real), {
      put: (key: string, data: Buffer, type: string) =>
        key.endsWith('/thumb.webp')
          ? Promise.reject(new BlobWriteError(key, new Error('ENOSPC')))
          : real.put(key, data, type),
    })
    ;(server.ctx.storage as { blobs: BlobStore }).blobs = refusing
    const api = new Api(server.url)
    await api.signUp()
    const r = await render(api, await sketchPng(200, 150))
    const id = r.body.generation.id as string
    const [g] = await waitForJobs(api, [id])
    expect(g!.status).toBe('failed')
    expect(await balance(api)).toBe(100)
    expect(await ledgerSum(api)).toBe(100)
    const userId = (await api.get('/api/user/profile')).body.user.uid as string
    const left = async () => {
      const keys: string[] = []
      for await (const k of real.list(`users/${userId}/${id}/`)) keys.push(k)
      return keys
    }
    // the result went in before the thumbnail was refused
    expect((await left()).some((k) => k.endsWith('/output.png'))).toBe(true)
    await sweep(server)
    expect(await left()).toEqual([])
    expect(await orphans(server)).toEqual([])
  })
})
