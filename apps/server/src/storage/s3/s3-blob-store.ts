import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import {
  assertKey,
  assertPrefix,
  type BlobInfo,
  type BlobStore,
  BlobWriteError,
  contentTypeOf,
} from '../types.ts'

export interface S3Settings {
  endpoint: string | undefined
  region: string
  bucket: string
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  forcePathStyle: boolean
  /** keys per listing page and per batch deletion (S3's most is 1000; tests use fewer) */
  pageSize?: number
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2, …), under the same keys as the local folder
 * (docs/decisions/0082-s3-blob-store.md). Objects stay private: Parti serves them through /api/files with
 * the owner's session or a signed link, exactly as it serves the local folder's files.
 */
export class S3BlobStore implements BlobStore {
  readonly client: S3Client
  private readonly bucket: string
  private readonly pageSize: number

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket
    this.pageSize = Math.min(1000, settings.pageSize ?? 1000)
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? {
            credentials: {
              accessKeyId: settings.accessKeyId,
              secretAccessKey: settings.secretAccessKey,
            },
          }
        : {}),
      // S3-compatible stores (MinIO, R2, older Ceph) do not all understand the SDK's default CRC32 trailers
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    })
  }

  /**
   * At start-up: the bucket is there and these credentials may read it. Without this, a wrong bucket name would
   * look like every file missing (S3 answers a HEAD of either with a bare 404).
   */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
    } catch (err) {
      const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } }
      const status = e.$metadata?.httpStatusCode
      throw new Error(
        `S3 bucket ${this.bucket} is not usable: ${status === 404 ? 'no such bucket' : status === 403 ? 'access denied' : (e.message ?? e.name ?? 'unreachable')}`,
      )
    }
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertKey(key)
    // one PUT is atomic in S3: a reader sees the old object, the new one or nothing, never half a file
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType }),
      )
    } catch (err) {
      throw new BlobWriteError(key, err)
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const body = await this.stream(key)
    if (!body) return null
    const chunks: Buffer[] = []
    for await (const chunk of body) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertKey(key)
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      return { size: r.ContentLength ?? 0, contentType: contentTypeOf(key) }
    } catch (err) {
      if (isNotFound(err)) return null
      throw err
    }
  }

  async stream(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    assertKey(key)
    try {
      const r = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      // in Node the body is the HTTP response itself: a Readable, streamed, never buffered here
      return (r.Body as Readable | undefined) ?? null
    } catch (err) {
      if (isNotFound(err)) return null
      throw err
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key)
    // deleting a missing object is a success in S3, as rm --force is for the local folder
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }

  async *list(prefix: string): AsyncIterable<string> {
    if (prefix !== '') assertPrefix(prefix)
    let token: string | undefined
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: token,
          MaxKeys: this.pageSize,
        }),
      )
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertPrefix(prefix)
    // the first page again after each batch: no continuation token outlives the keys it pointed past
    let previous: string | undefined
    for (;;) {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: this.pageSize }),
      )
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []))
      if (!keys.length) return
      if (keys[0] === previous) throw new Error(`blob deletion made no progress under ${prefix}`)
      previous = keys[0]
      await this.deleteMany(keys)
    }
  }

  private async deleteMany(keys: string[]): Promise<void> {
    const r = await this.client.send(
      new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    )
    const failed = r.Errors ?? []
    if (failed.length) {
      throw new Error(
        `blob deletion failed for ${failed.length} keys, first ${failed[0]?.Key}: ${failed[0]?.Code}`,
      )
    }
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}
