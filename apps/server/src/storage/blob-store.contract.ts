import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlobStore } from './types.ts'

/**
 * What every BlobStore does, run against each implementation (fs/, s3/) so that switching BLOB_STORE changes
 * where files live and nothing else (docs/decisions/0082-s3-blob-store.md).
 */
export function blobStoreContract(
  name: string,
  open: () => Promise<{ store: BlobStore; close(): Promise<void> }>,
): void {
  describe(`${name}: the BlobStore contract`, () => {
    let store: BlobStore
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ store, close } = await open())
    })
    afterAll(() => close())

    const read = async (key: string, range?: { start: number; end: number }) => {
      const s = await store.stream(key, range)
      if (!s) return null
      const chunks: Buffer[] = []
      for await (const c of s) chunks.push(c as Buffer)
      return Buffer.concat(chunks).toString()
    }

    it('stores, reads, ranges and deletes', async () => {
      await store.put('users/u1/g1/out.png', Buffer.from('0123456789'), 'image/png')
      expect((await store.get('users/u1/g1/out.png'))?.toString()).toBe('0123456789')
      expect(await store.head('users/u1/g1/out.png')).toEqual({ size: 10, contentType: 'image/png' })
      expect(await read('users/u1/g1/out.png', { start: 2, end: 4 })).toBe('234')
      expect(await read('users/u1/g1/out.png', { start: 9, end: 9 })).toBe('9')
      expect(await read('users/u1/g1/out.png')).toBe('0123456789')
      await store.delete('users/u1/g1/out.png')
      expect(await store.get('users/u1/g1/out.png')).toBeNull()
      expect(await store.head('users/u1/g1/out.png')).toBeNull()
      expect(await store.stream('users/u1/g1/out.png')).toBeNull()
    })

    it('answers null for a file that never was, and deleting it is no error', async () => {
      expect(await store.get('users/nobody/none.mp4')).toBeNull()
      expect(await store.head('users/nobody/none.mp4')).toBeNull()
      expect(await store.stream('users/nobody/none.mp4', { start: 0, end: 1 })).toBeNull()
      await expect(store.delete('users/nobody/none.mp4')).resolves.toBeUndefined()
      await expect(store.deletePrefix('users/nobody/')).resolves.toBeUndefined()
    })

    it('replaces a file written again, and keeps binary bytes and types as they are', async () => {
      const bytes = Buffer.from([0, 255, 1, 254, 0x89, 0x50, 0x4e, 0x47])
      await store.put('users/u3/v.mp4', Buffer.from('old contents, longer'), 'video/mp4')
      await store.put('users/u3/v.mp4', bytes, 'video/mp4')
      expect((await store.get('users/u3/v.mp4'))?.equals(bytes)).toBe(true)
      expect(await store.head('users/u3/v.mp4')).toEqual({ size: 8, contentType: 'video/mp4' })
      await store.put('users/u3/meta.json', Buffer.from('{}'), 'application/json')
      expect((await store.head('users/u3/meta.json'))?.contentType).toBe('application/json')
    })

    it('lists and deletes a folder, and only that folder', async () => {
      await store.put('users/u2/g1/out.png', Buffer.from('a'), 'image/png')
      await store.put('users/u2/uploads/in.png', Buffer.from('b'), 'image/png')
      await store.put('users/u22/keep.png', Buffer.from('c'), 'image/png')
      const listed: string[] = []
      for await (const key of store.list('users/u2/')) listed.push(key)
      expect(listed.sort()).toEqual(['users/u2/g1/out.png', 'users/u2/uploads/in.png'])
      await store.deletePrefix('users/u2/g1/')
      const left: string[] = []
      for await (const key of store.list('users/u2/')) left.push(key)
      expect(left).toEqual(['users/u2/uploads/in.png'])
      // '' is the whole store (backups, docs/decisions/0091-backups.md)
      await store.put('styles/s1.webp', Buffer.from('d'), 'image/webp')
      const all: string[] = []
      for await (const key of store.list('')) all.push(key)
      expect(all).toEqual(
        expect.arrayContaining(['users/u2/uploads/in.png', 'users/u22/keep.png', 'styles/s1.webp']),
      )
      expect(all.some((k) => k.endsWith('.tmp'))).toBe(false)
      await store.deletePrefix('users/u2/')
      for await (const key of store.list('users/u2/')) throw new Error(`still there: ${key}`)
      expect(await store.get('users/u22/keep.png')).not.toBeNull()
      await expect(store.deletePrefix('users/u2')).rejects.toThrow(/invalid blob prefix/)
      await expect(store.deletePrefix('../')).rejects.toThrow(/invalid blob/)
      await expect(async () => {
        for await (const _ of store.list('users')) break
      }).rejects.toThrow(/invalid blob prefix/)
    })

    it('refuses keys that climb out of the folder or carry odd characters', async () => {
      await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
        /invalid blob key/,
      )
      await expect(store.get('users/../../etc/passwd')).rejects.toThrow(/invalid blob key/)
      await expect(store.head('users/a\u0000b.png')).rejects.toThrow(/invalid blob key/)
      await expect(store.delete('/users/abs.png')).rejects.toThrow(/invalid blob key/)
      await expect(store.stream('users//double.png')).rejects.toThrow(/invalid blob key/)
    })
  })
}
