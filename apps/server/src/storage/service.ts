import { signBlobPath } from './signing.ts'
import type { BlobStore } from './types.ts'

/** The blob store plus how keys become URLs the browser can use. */
export class StorageService {
  constructor(
    readonly blobs: BlobStore,
    private readonly secret: string,
  ) {}

  /** A same-origin URL that works with the owner's session (the file route checks the key's user id). */
  urlFor(key: string | null | undefined): string | null {
    return key ? `/api/files/${key}` : null
  }

  /** A URL that works without a session until it expires (downloads, hosted engines fetching inputs). */
  signedUrlFor(key: string, ttlSeconds = 3600): string {
    return signBlobPath(key, this.secret, ttlSeconds)
  }
}

export const userKey = (userId: string, ...parts: string[]) => ['users', userId, ...parts].join('/')

/** The folder of one job's files (its outputs, thumbnail, checkpoints): a blob prefix. */
export const jobFolder = (userId: string, jobId: string) => `${userKey(userId, jobId)}/`
