import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import { assertKey, type BlobInfo, type BlobStore, contentTypeOf } from '../types.ts'

/** Files in a local folder (DATA_DIR/files). Writes are atomic: a reader never sees half a file. */
export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key)
    return join(this.root, key)
  }

  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const target = this.path(key)
    await mkdir(dirname(target), { recursive: true })
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`
    await writeFile(tmp, data)
    await rename(tmp, target)
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key))
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    try {
      const s = await stat(this.path(key))
      return s.isFile() ? { size: s.size, contentType: contentTypeOf(key) } : null
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw err
    }
  }

  async stream(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    if (!(await this.head(key))) return null
    return createReadStream(this.path(key), range)
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true })
  }
}
