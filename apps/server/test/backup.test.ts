import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { type Database, openDatabase } from '../src/db/client.ts'
import { openBlobStore } from '../src/storage/index.ts'
import type { BlobStore } from '../src/storage/types.ts'
import { sketchPng } from './fixtures/images.ts'
import { Api, form } from './helpers/client.ts'
import { createTestDatabase, PG_URL } from './helpers/database.ts'
import { waitForJobs } from './helpers/jobs.ts'
import { createTestBucket, startTestS3 } from './helpers/s3.ts'
import { startTestServer } from './helpers/server.ts'

// Backups as the README tells an operator to take them: the very commands, `npm run backup` and
// `npm run restore`, run on a stopped installation with accounts, renders and files; restored into a new
// place; every table's rows counted and every file hashed against the original, and the restored
// installation serving the same file to its owner.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})
const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), name))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

function npm(script: 'backup' | 'restore', flag: string, folder: string, env: Record<string, string>) {
  // the developer's own settings stay out: the command sees exactly the installation's
  const { DATABASE_URL: _d, DATA_DIR: _f, BLOB_STORE: _b, ...base } = process.env
  const r = spawnSync('npm', ['run', '--silent', script, '-w', 'apps/server', '--', flag, folder], {
    cwd: ROOT,
    env: { ...base, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  })
  if (r.status !== 0) throw new Error(`npm run ${script}: ${r.status}\n${r.stdout}\n${r.stderr}`)
  return r.stdout
}

async function tableCounts(database: Database) {
  const tables = await database.query<{ s: string; t: string }>(
    `select table_schema s, table_name t from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  )
  const counts: Record<string, number> = {}
  for (const { s, t } of tables)
    counts[`${s}.${t}`] = (
      await database.query<{ n: number }>(`select count(*)::int n from "${s}"."${t}"`)
    )[0]!.n
  return counts
}

async function fileHashes(store: BlobStore) {
  const hashes: Record<string, string> = {}
  for await (const key of store.list(''))
    hashes[key] = createHash('sha256')
      .update((await store.get(key))!)
      .digest('hex')
  return hashes
}

/** An installation with two accounts, a render each, a style image; then stopped. */
async function populated(env: Record<string, string>, place: { dataDir: string; databaseUrl?: string }) {
  // the run's migrated database folder, as startTestServer copies it for a folder of its own
  const template = inject('pgliteTemplate')
  if (!place.databaseUrl && template) cpSync(template, join(place.dataDir, 'db'), { recursive: true })
  const server = await startTestServer({ env: { FREE_CREDITS: '1000', ...env }, ...place })
  const a = new Api(server.url)
  await a.signUp()
  const b = new Api(server.url)
  await b.signUp()
  const sketch = await a.postForm(
    '/api/render/start',
    form(
      { generationType: 'sketch-render', userPrompt: 'a brick house' },
      { sketch: await sketchPng(400, 300) },
    ),
  )
  const second = await b.postForm(
    '/api/render/start',
    form({ generationType: 'sketch-render', userPrompt: 'a barn' }, { sketch: await sketchPng(300, 300) }),
  )
  const [g] = await waitForJobs(a, [sketch.body.generation.id], 60_000)
  await waitForJobs(b, [second.body.generation.id], 60_000)
  await server.ctx.storage.blobs.put('styles/backup-test.webp', Buffer.from('style image'), 'image/webp')
  const before = {
    tables: await tableCounts(server.ctx.database),
    files: await fileHashes(server.ctx.storage.blobs),
  }
  await server.close({ keepData: true })
  return { before, token: a.token!, fileUrl: String(g!.outputImageUrl) }
}

async function checkRestored(
  env: Record<string, string>,
  place: { dataDir: string; databaseUrl?: string },
  original: Awaited<ReturnType<typeof populated>>,
) {
  const database = await openDatabase({
    databaseUrl: place.databaseUrl,
    pgliteDir: join(place.dataDir, 'db'),
  })
  const store = await openBlobStore(
    env.BLOB_STORE === 's3'
      ? {
          store: 's3',
          endpoint: env.S3_ENDPOINT,
          region: 'us-east-1',
          bucket: env.S3_BUCKET!,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        }
      : { store: 'fs' },
    join(place.dataDir, 'files'),
  )
  try {
    expect(await tableCounts(database)).toEqual(original.before.tables)
    expect(original.before.tables['public.generations']).toBe(2)
    expect(Object.keys(original.before.files).length).toBeGreaterThanOrEqual(8)
    expect(await fileHashes(store)).toEqual(original.before.files)
  } finally {
    await database.close()
    ;(store as { client?: { destroy(): void } }).client?.destroy()
  }
  // the restored installation runs: the same session, the same file
  const server = await startTestServer({ env, ...place })
  cleanups.push(() => server.close())
  const file = await fetch(`${server.url}${original.fileUrl}`, {
    headers: { authorization: `Bearer ${original.token}` },
  })
  expect(file.status).toBe(200)
  const key = original.fileUrl.replace('/api/files/', '')
  expect(
    createHash('sha256')
      .update(Buffer.from(await file.arrayBuffer()))
      .digest('hex'),
  ).toBe(original.before.files[key])
}

describe('backup and restore', () => {
  it('the embedded database (or PostgreSQL under PARTI_TEST_PG_URL) with the local folder', async () => {
    const env = { BLOB_STORE: 'fs', SESSION_SECRET: 'b'.repeat(40) }
    const source = {
      dataDir: tempDir('parti-backup-src-'),
      ...(PG_URL ? { databaseUrl: (await newDb()).url } : {}),
    }
    const original = await populated(env, source)
    const folder = join(tempDir('parti-backup-'), 'backup')
    const said = npm('backup', '--out', folder, placeEnv(env, source))
    expect(said).toMatch(/files: \d+ /)

    const target = {
      dataDir: tempDir('parti-restore-'),
      ...(PG_URL ? { databaseUrl: (await newDb()).url } : {}),
    }
    const restored = npm('restore', '--from', folder, placeEnv(env, target))
    expect(restored).toMatch(/checked: \d+ rows in \d+ tables and \d+ files/)
    // a second restore onto the same place is refused rather than mixed in
    expect(() => npm('restore', '--from', folder, placeEnv(env, target))).toThrow(/not empty/)
    await checkRestored(env, target, original)
  }, 240_000)

  it.runIf(!!PG_URL)(
    'PostgreSQL with an S3 bucket, restored into a new database and a new bucket',
    async () => {
      const s3 = await startTestS3()
      cleanups.push(() => s3.close())
      const env = { ...s3.env, SESSION_SECRET: 'c'.repeat(40) }
      const source = { dataDir: tempDir('parti-backup-src-'), databaseUrl: (await newDb()).url }
      const original = await populated(env, source)
      const folder = join(tempDir('parti-backup-'), 'backup')
      npm('backup', '--out', folder, placeEnv(env, source))

      const targetEnv = { ...(await createTestBucket(s3.endpoint)), SESSION_SECRET: env.SESSION_SECRET }
      const target = { dataDir: tempDir('parti-restore-'), databaseUrl: (await newDb()).url }
      npm('restore', '--from', folder, placeEnv(targetEnv, target))
      await checkRestored(targetEnv, target, original)
    },
    240_000,
  )
})

async function newDb() {
  const db = await createTestDatabase()
  cleanups.push(() => db.drop())
  return db
}

const placeEnv = (env: Record<string, string>, place: { dataDir: string; databaseUrl?: string }) => ({
  ...env,
  DATA_DIR: place.dataDir,
  ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
})
