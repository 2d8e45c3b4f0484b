import { mkdtempSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { blobStoreContract } from '../blob-store.contract.ts'
import { signBlobPath, verifyBlobSignature } from '../signing.ts'
import { FsBlobStore } from './fs-blob-store.ts'

blobStoreContract('local folder', async () => {
  const root = mkdtempSync(join(tmpdir(), 'parti-blobs-'))
  return { store: new FsBlobStore(root), close: async () => rmSync(root, { recursive: true, force: true }) }
})

describe('local folder blob store', () => {
  it('lists no write in progress (a temporary file is not a file yet)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'parti-blobs-'))
    const store = new FsBlobStore(root)
    await store.put('users/u1/a.png', Buffer.from('a'), 'image/png')
    await writeFile(join(root, 'users/u1/b.png.0123456789ab.tmp'), 'half')
    const listed: string[] = []
    for await (const key of store.list('users/u1/')) listed.push(key)
    expect(listed).toEqual(['users/u1/a.png'])
    rmSync(root, { recursive: true, force: true })
  })

  it('signs file paths that expire', () => {
    const url = new URL(`http://x${signBlobPath('users/u1/a.png', 'secret', 60, 1_000_000)}`)
    const exp = url.searchParams.get('exp')!
    const sig = url.searchParams.get('sig')!
    expect(verifyBlobSignature('users/u1/a.png', exp, sig, 'secret', 1_000_000)).toBe(true)
    expect(verifyBlobSignature('users/u2/a.png', exp, sig, 'secret', 1_000_000)).toBe(false)
    expect(verifyBlobSignature('users/u1/a.png', exp, sig, 'secret', 1_000_000 + 61_000)).toBe(false)
  })
})
