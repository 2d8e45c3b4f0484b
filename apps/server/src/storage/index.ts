import { ConfigError } from '../lib/env.ts'
import type { BlobSettings } from './config.ts'
import { FsBlobStore } from './fs/fs-blob-store.ts'
import { S3BlobStore } from './s3/s3-blob-store.ts'
import type { BlobStore } from './types.ts'

/**
 * The configured blob store. A bucket that is missing or refuses these credentials stops start-up like a bad
 * setting (exit 78), rather than every file answering 404 later.
 */
export async function openBlobStore(settings: BlobSettings, filesDir: string): Promise<BlobStore> {
  if (settings.store === 'fs') return new FsBlobStore(filesDir)
  // the SDK warns on every start that its releases after January 2027 need Node 22; the lock file pins one
  // that runs on Node 20 (docs/decisions/0082-s3-blob-store.md), and start-up output stays one line per fault
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const store = new S3BlobStore(settings)
  try {
    await store.check()
  } catch (err) {
    store.client.destroy()
    throw new ConfigError(`Invalid configuration: S3_BUCKET: ${(err as Error).message}`)
  }
  return store
}
