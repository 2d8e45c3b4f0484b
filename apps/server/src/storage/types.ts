import type { Readable } from 'node:stream'

export interface BlobInfo {
  size: number
  contentType: string
}

/**
 * Where files live (docs/decisions/0021-blobs-before-rows.md). Keys are relative paths like
 * `users/<userId>/<generationId>/output.png`; the user id in the key is what the file route checks.
 */
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>
  get(key: string): Promise<Buffer | null>
  head(key: string): Promise<BlobInfo | null>
  /** inclusive byte range, for video seeking */
  stream(key: string, range?: { start: number; end: number }): Promise<Readable | null>
  delete(key: string): Promise<void>
  /** every key under a folder prefix (`users/<id>/`), or every key in the store for '', in no promised order */
  list(prefix: string): AsyncIterable<string>
  /** delete every file under a folder prefix; nothing there is not an error */
  deletePrefix(prefix: string): Promise<void>
}

/**
 * The store refused a write (a full or read-only disk, a bucket that cannot be reached or refuses the
 * credentials): the request is answered 503 with Retry-After, a job is retried and then failed and refunded
 * (docs/decisions/0090-blob-store-refusing-writes.md). Nothing of the file is left behind.
 */
export class BlobWriteError extends Error {
  constructor(key: string, cause: unknown) {
    super(`the blob store refused to write ${key}: ${(cause as Error)?.message ?? String(cause)}`, { cause })
    this.name = 'BlobWriteError'
  }
}

/** A folder prefix: a valid key ending in one slash. */
export function assertPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`invalid blob prefix: ${prefix}`)
  assertKey(prefix.slice(0, -1))
}

const KEY = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]{0,400}$/
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('//')) throw new Error(`invalid blob key: ${key}`)
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  json: 'application/json',
}
export function contentTypeOf(key: string): string {
  return TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'
}
export function extensionOf(contentType: string): string {
  const found = Object.entries(TYPES).find(([, t]) => t === contentType)
  return found?.[0] === 'jpeg' ? 'jpg' : (found?.[0] ?? 'bin')
}
