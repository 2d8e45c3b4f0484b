import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { spawnParti } from './helpers/processes.ts'
import { startTestS3 } from './helpers/s3.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/** Run `node scripts/start.mjs api` with an environment and collect how it ends. */
function run(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs'), 'worker'], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (d) => {
      stderr += String(d)
    })
    child.on('exit', (code) => done({ code, stderr }))
  })
}

describe('start-up', () => {
  it('stops with one line naming a malformed PORT', async () => {
    const r = await run({ PORT: 'eighty' })
    expect(r.code).toBe(78)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/^Invalid configuration: PORT: /)
  })

  it('stops with one line naming a malformed DATABASE_URL', async () => {
    const r = await run({ DATABASE_URL: 'mysql://root@localhost/parti' })
    expect(r.code).toBe(78)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/DATABASE_URL: must be a postgres/)
  })

  it('stops with one line naming an engine setting at fault, before the database opens', async () => {
    const r = await run({ ENGINE_VIDEO: 'openai', OPENAI_API_KEY: 'sk-test' })
    expect(r.code).toBe(78)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/^Invalid configuration: ENGINE_VIDEO: openai cannot serve video/)
  })

  it('stops with one line naming S3_BUCKET when BLOB_STORE=s3 has no bucket, or one it cannot use', async () => {
    const r = await run({ BLOB_STORE: 's3' })
    expect(r.code).toBe(78)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toMatch(/^Invalid configuration: S3_BUCKET: required/)
    const s3 = await startTestS3()
    try {
      const missing = await run({
        ...s3.env,
        S3_BUCKET: 'no-such-bucket',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'parti-s3-')),
      })
      expect(missing.code).toBe(78)
      expect(missing.stderr.trim().split('\n')).toHaveLength(1)
      expect(missing.stderr).toMatch(
        /^Invalid configuration: S3_BUCKET: S3 bucket no-such-bucket is not usable: no such bucket/,
      )
    } finally {
      await s3.close()
    }
  })

  it('stops cleanly on SIGTERM: exit 0, and the data folder opens again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parti-sigterm-'))
    try {
      const first = await spawnParti('all', { DATA_DIR: dataDir })
      const exited = new Promise<number | null>((r) => first.child.once('exit', (code) => r(code)))
      first.child.kill('SIGTERM')
      expect(await exited).toBe(0)
      const second = await spawnParti('all', { DATA_DIR: dataDir })
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200)
      await second.kill('SIGTERM')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    // two starts of the whole product on a fresh data folder (initdb, migrations, the catalogue): over a minute
    // on a loaded two-core machine
  }, 180_000)
})
