import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { signBlobPath, verifyBlobSignature } from '../signing.ts'
import { FsBlobStore } from './fs-blob-store.ts'

describe('local folder blob store', () => {
  const store = new FsBlobStore(mkdtempSync(join(tmpdir(), 'parti-blobs-')))

  it('stores, reads, ranges and deletes', async () => {
    await store.put('users/u1/g1/out.png', Buffer.from('0123456789'), 'image/png')
    expect((await store.get('users/u1/g1/out.png'))?.toString()).toBe('0123456789')
    expect(await store.head('users/u1/g1/out.png')).toEqual({ size: 10, contentType: 'image/png' })
    const s = await store.stream('users/u1/g1/out.png', { start: 2, end: 4 })
    const chunks: Buffer[] = []
    for await (const c of s!) chunks.push(c as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('234')
    await store.delete('users/u1/g1/out.png')
    expect(await store.get('users/u1/g1/out.png')).toBeNull()
  })

  it('lists and deletes a folder', async () => {
    await store.put('users/u2/g1/out.png', Buffer.from('a'), 'image/png')
    await store.put('users/u2/uploads/in.png', Buffer.from('b'), 'image/png')
    await store.put('users/u22/keep.png', Buffer.from('c'), 'image/png')
    const listed: string[] = []
    for await (const key of store.list('users/u2/')) listed.push(key)
    expect(listed.sort()).toEqual(['users/u2/g1/out.png', 'users/u2/uploads/in.png'])
    await store.deletePrefix('users/u2/')
    for await (const key of store.list('users/u2/')) throw new Error(`still there: ${key}`)
    expect(await store.get('users/u22/keep.png')).not.toBeNull()
    await expect(store.deletePrefix('users/u2')).rejects.toThrow(/invalid blob prefix/)
    await expect(store.deletePrefix('../')).rejects.toThrow(/invalid blob/)
  })

  it('refuses keys that climb out of the folder', async () => {
    await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /invalid blob key/,
    )
    await expect(store.get('users/../../etc/passwd')).rejects.toThrow(/invalid blob key/)
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
