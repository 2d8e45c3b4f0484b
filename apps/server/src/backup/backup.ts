import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import pg from 'pg'
import type { Config } from '../config.ts'
import { type Database, openDatabase } from '../db/client.ts'
import { openBlobStore } from '../storage/index.ts'
import { copyFolderToStore } from '../storage/move.ts'
import type { BlobStore } from '../storage/types.ts'

/**
 * Backups of a whole installation, database and files together (docs/decisions/0091-backups.md, README:
 * Backups). A backup is a folder:
 *
 *   manifest.json     when, which database, rows per table, size and SHA-256 of every file
 *   database.pgdump   PostgreSQL: pg_dump's custom format, taken in the snapshot the rows were counted in
 *   pglite/           the embedded database: a copy of DATA_DIR/db, taken with the server stopped
 *   files/<key>       every file of the blob store (the local folder or the bucket), under its key
 *
 * A restore writes it into an empty database (or DATA_DIR/db) and any blob store, then checks that every row
 * and every file came back: the counts per table and the hash of each file against the manifest.
 */
export interface Manifest {
  version: 1
  createdAt: string
  database: 'postgres' | 'pglite'
  tables: Record<string, number>
  files: Record<string, { size: number; sha256: string }>
}

export type Say = (line: string) => void

/** Every table of the product and of the migrations' journal, with its number of rows. */
async function countRows(query: (sql: string) => Promise<Array<Record<string, unknown>>>) {
  const tables = await query(
    `select table_schema s, table_name t from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  )
  const counts: Record<string, number> = {}
  for (const { s, t } of tables as Array<{ s: string; t: string }>) {
    const [row] = await query(`select count(*)::int n from "${s}"."${t}"`)
    counts[`${s}.${t}`] = Number(row!.n)
  }
  return counts
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d) => {
      stderr += String(d)
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    )
  })
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

/** Run `work` over `items`, `concurrency` at a time. */
async function each<T>(items: AsyncIterable<T> | T[], concurrency: number, work: (item: T) => Promise<void>) {
  const running = new Set<Promise<void>>()
  for await (const item of items) {
    const p = work(item).finally(() => running.delete(p))
    running.add(p)
    if (running.size >= concurrency) await Promise.race(running)
  }
  await Promise.all(running)
}

export async function backup(config: Config, out: string, say: Say): Promise<Manifest> {
  if (existsSync(out) && (await readdir(out)).length) throw new Error(`${out} is not empty`)
  await mkdir(out, { recursive: true })
  const manifest: Manifest = {
    version: 1,
    createdAt: new Date().toISOString(),
    database: config.DATABASE_URL ? 'postgres' : 'pglite',
    tables: {},
    files: {},
  }
  // the database first, then the files: files are written before the rows that name them and deleted after,
  // so every row in the dump finds its file in the copy taken after it (docs/decisions/0091-backups.md)
  if (config.DATABASE_URL) {
    const client = new pg.Client({ connectionString: config.DATABASE_URL })
    await client.connect()
    try {
      await client.query('begin isolation level repeatable read read only')
      const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() s')).rows[0]!.s
      manifest.tables = await countRows(async (sql) => (await client.query(sql)).rows)
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${join(out, 'database.pgdump')}`,
        `--dbname=${config.DATABASE_URL}`,
      ])
      await client.query('commit')
    } finally {
      await client.end()
    }
  } else {
    if (!existsSync(config.pgliteDir)) throw new Error(`no embedded database at ${config.pgliteDir}`)
    // PGlite is one process's: this opens it, so the server must be stopped (README: Backups). A running
    // PGlite keeps a postmaster.pid in its folder and removes it when it closes.
    if (existsSync(join(config.pgliteDir, 'postmaster.pid')))
      throw new Error(
        `the embedded database at ${config.pgliteDir} is open (postmaster.pid): stop the server first; if it is not running, it stopped without closing: start it and stop it once`,
      )
    const database = await openDatabase({ pgliteDir: config.pgliteDir })
    try {
      manifest.tables = await countRows((sql) => database.query(sql))
    } finally {
      await database.close()
    }
    await cp(config.pgliteDir, join(out, 'pglite'), { recursive: true })
  }
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0)
  say(`database: ${rows} rows in ${Object.keys(manifest.tables).length} tables (${manifest.database})`)

  const store = await openBlobStore(config.blobs, config.filesDir)
  try {
    let bytes = 0
    await each(store.list(''), 8, async (key) => {
      const data = await store.get(key)
      if (!data) return // deleted since it was listed: no row names it any more
      const target = join(out, 'files', key)
      await mkdir(dirname(target), { recursive: true })
      await writeFile(target, data)
      manifest.files[key] = { size: data.length, sha256: sha256(data) }
      bytes += data.length
    })
    say(
      `files: ${Object.keys(manifest.files).length} (${(bytes / 1e6).toFixed(1)} MB) from ${storeName(config)}`,
    )
  } finally {
    closeStore(store)
  }
  await writeFile(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`)
  return manifest
}

export async function restore(config: Config, from: string, say: Say): Promise<void> {
  const manifest = JSON.parse(await readFile(join(from, 'manifest.json'), 'utf8')) as Manifest
  const target = config.DATABASE_URL ? 'postgres' : 'pglite'
  if (manifest.database !== target)
    throw new Error(
      `this backup is of ${manifest.database === 'postgres' ? 'a PostgreSQL' : 'an embedded'} database; set ${manifest.database === 'postgres' ? 'DATABASE_URL' : 'no DATABASE_URL'} to restore it`,
    )
  if (config.DATABASE_URL) {
    const client = new pg.Client({ connectionString: config.DATABASE_URL })
    await client.connect()
    const used = (
      await client.query<{ n: number }>(
        `select count(*)::int n from information_schema.tables where table_schema in ('public', 'drizzle')`,
      )
    ).rows[0]!.n
    await client.end()
    if (used) throw new Error('the target database is not empty: restore into a new one (createdb)')
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${config.DATABASE_URL}`,
      join(from, 'database.pgdump'),
    ])
  } else {
    if (existsSync(config.pgliteDir) && (await readdir(config.pgliteDir)).length)
      throw new Error(`${config.pgliteDir} is not empty: restore into a new DATA_DIR`)
    await cp(join(from, 'pglite'), config.pgliteDir, { recursive: true })
  }
  say(`database restored (${target})`)

  const store = await openBlobStore(config.blobs, config.filesDir)
  try {
    const report = await copyFolderToStore(join(from, 'files'), store, { concurrency: 8 })
    say(
      `files: ${report.copied.length} copied, ${report.present.length} already there, to ${storeName(config)}`,
    )
    await verify(config, store, manifest, say)
  } finally {
    closeStore(store)
  }
}

/** Every table has its rows and every file its bytes, as the manifest says; throws naming what differs. */
async function verify(config: Config, store: BlobStore, manifest: Manifest, say: Say) {
  const database: Database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
    poolSize: 1,
  })
  let tables: Record<string, number>
  try {
    tables = await countRows((sql) => database.query(sql))
  } finally {
    await database.close()
  }
  const problems: string[] = []
  for (const name of new Set([...Object.keys(manifest.tables), ...Object.keys(tables)]))
    if (manifest.tables[name] !== tables[name])
      problems.push(
        `${name}: ${tables[name] ?? 'missing'} rows, the backup had ${manifest.tables[name] ?? 'none'}`,
      )
  await each(Object.entries(manifest.files), 8, async ([key, want]) => {
    const data = await store.get(key)
    if (!data) problems.push(`${key}: missing`)
    else if (sha256(data) !== want.sha256) problems.push(`${key}: different bytes`)
  })
  if (problems.length) throw new Error(`the restore is not complete:\n${problems.slice(0, 20).join('\n')}`)
  const rows = Object.values(tables).reduce((a, b) => a + b, 0)
  say(
    `checked: ${rows} rows in ${Object.keys(tables).length} tables and ${Object.keys(manifest.files).length} files (SHA-256) as in the backup`,
  )
}

const storeName = (config: Config) =>
  config.blobs.store === 's3' ? `s3://${config.blobs.bucket}` : config.filesDir

function closeStore(store: BlobStore) {
  ;(store as { client?: { destroy(): void } }).client?.destroy()
}
