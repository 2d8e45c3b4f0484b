import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import type { Readable } from 'node:stream'
import {
  assertKey,
  assertPrefix,
  type BlobInfo,
  type BlobStore,
  BlobWriteError,
  contentTypeOf,
} from '../types.ts'

/** Files in a local folder (DATA_DIR/files). Writes are atomic: a reader never sees half a file. */
export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key)
    return join(this.root, key)
  }

  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const target = this.path(key)
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`
    try {
      await mkdir(dirname(target), { recursive: true })
      await writeFile(tmp, data)
      await rename(tmp, target)
    } catch (err) {
      // a full disk leaves the part that fitted: remove it, so a refused write leaves nothing behind
      await rm(tmp, { force: true }).catch(() => {})
      throw new BlobWriteError(key, err)
    }
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

  async *list(prefix: string): AsyncIterable<string> {
    if (prefix !== '') assertPrefix(prefix)
    let entries: Array<{ name: string; parentPath: string; isFile(): boolean }>
    try {
      entries = await readdir(join(this.root, prefix), { recursive: true, withFileTypes: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
      throw err
    }
    for (const entry of entries) {
      // a write in progress (put's temporary file) is not a file yet
      if (!entry.isFile() || entry.name.endsWith('.tmp')) continue
      yield relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/')
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertPrefix(prefix)
    await rm(join(this.root, prefix), { recursive: true, force: true, maxRetries: 3 })
  }
}
