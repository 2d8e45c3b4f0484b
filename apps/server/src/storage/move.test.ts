import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestS3, type TestS3 } from '../../test/helpers/s3.ts'
import { FsBlobStore } from './fs/fs-blob-store.ts'
import { copyFolderToStore } from './move.ts'
import { S3BlobStore } from './s3/s3-blob-store.ts'

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const run = promisify(execFile)

let s3: TestS3
let bucket: S3BlobStore
let dataDir: string
const files = () => join(dataDir, 'files')

const keysInBucket = async () => {
  const keys: string[] = []
  for await (const k of bucket.list('users/')) keys.push(k)
  for await (const k of bucket.list('catalog/')) keys.push(k)
  return keys.sort()
}

beforeAll(async () => {
  s3 = await startTestS3()
  bucket = new S3BlobStore({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  })
  dataDir = mkdtempSync(join(tmpdir(), 'parti-move-'))
  const local = new FsBlobStore(files())
  await local.put('users/u1/g1/output.png', Buffer.from('png bytes'), 'image/png')
  await local.put('users/u1/g2/output.mp4', Buffer.alloc(70_000, 7), 'video/mp4')
  await local.put('catalog/previews/modern-abc.webp', Buffer.from('webp'), 'image/webp')
  // a write in progress and a stray file no key can name stay behind
  writeFileSync(join(files(), 'users/u1/g1/output.png.0a1b2c3d4e5f.tmp'), 'half')
  mkdirSync(join(files(), 'users/u1/odd dir'), { recursive: true })
  writeFileSync(join(files(), 'users/u1/odd dir/x.png'), 'x')
})
afterAll(async () => {
  bucket?.client.destroy()
  await s3?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('copying DATA_DIR/files into a bucket', () => {
  it('a dry run says what it would copy and copies nothing', async () => {
    const r = await copyFolderToStore(files(), bucket, { dryRun: true })
    expect(r.copied).toEqual([
      'catalog/previews/modern-abc.webp',
      'users/u1/g1/output.png',
      'users/u1/g2/output.mp4',
    ])
    expect(r.bytes).toBe(4 + 9 + 70_000)
    expect(r.ignored.sort()).toEqual(['users/u1/g1/output.png.0a1b2c3d4e5f.tmp', 'users/u1/odd dir/x.png'])
    expect(await keysInBucket()).toEqual([])
  })

  it('copies every file byte for byte, and a second run copies nothing', async () => {
    const first = await copyFolderToStore(files(), bucket)
    expect(first.copied).toHaveLength(3)
    expect(await keysInBucket()).toEqual([
      'catalog/previews/modern-abc.webp',
      'users/u1/g1/output.png',
      'users/u1/g2/output.mp4',
    ])
    expect((await bucket.get('users/u1/g2/output.mp4'))?.equals(Buffer.alloc(70_000, 7))).toBe(true)
    expect(await bucket.head('users/u1/g1/output.png')).toEqual({ size: 9, contentType: 'image/png' })
    const second = await copyFolderToStore(files(), bucket)
    expect(second.copied).toEqual([])
    expect(second.present).toHaveLength(3)
  })

  it('copies again what an interrupted run left short, and what was written since', async () => {
    await bucket.put('users/u1/g2/output.mp4', Buffer.alloc(10, 7), 'video/mp4')
    await new FsBlobStore(files()).put('users/u2/g9/output.png', Buffer.from('new'), 'image/png')
    const r = await copyFolderToStore(files(), bucket)
    expect(r.copied).toEqual(['users/u1/g2/output.mp4', 'users/u2/g9/output.png'])
    expect((await bucket.head('users/u1/g2/output.mp4'))?.size).toBe(70_000)
  })

  it('npm run blobs:move: a dry run, then the copy, from the settings in the environment', async () => {
    const env = { ...process.env, ...s3.env, BLOB_STORE: 'fs', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }
    await new FsBlobStore(files()).put('users/u3/g1/output.png', Buffer.from('script'), 'image/png')
    const dry = await run('npm', ['run', '--silent', 'blobs:move', '--', '--dry-run'], { cwd: SERVER, env })
    expect(dry.stdout).toContain('would copy users/u3/g1/output.png')
    expect(dry.stdout).toMatch(/Dry run: would copy 1 files .* 4 already there; 2 ignored/)
    expect(await bucket.head('users/u3/g1/output.png')).toBeNull()
    const real = await run('npm', ['run', '--silent', 'blobs:move'], { cwd: SERVER, env })
    expect(real.stdout).toMatch(/Copied 1 files/)
    expect((await bucket.get('users/u3/g1/output.png'))?.toString()).toBe('script')
    const bad = await run('npm', ['run', '--silent', 'blobs:move'], {
      cwd: SERVER,
      env: { ...env, S3_BUCKET: '' },
    }).catch((err: { code: number; stderr: string }) => err)
    expect((bad as { code: number }).code).toBe(78)
    expect((bad as { stderr: string }).stderr).toMatch(/S3_BUCKET: required/)
  }, 60_000)
})
