import { fork } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'

export interface TestS3 {
  endpoint: string
  bucket: string
  /** the settings a server needs to use this bucket (config.ts: BLOB_STORE=s3) */
  env: Record<string, string>
  /** the server goes away (connections refused), its objects kept */
  stop(): Promise<void>
  /** back on the same address with the same objects */
  restart(): Promise<void>
  close(): Promise<void>
}

/**
 * A real S3-compatible server (s3rver) on loopback with one empty bucket, its objects in a temporary folder,
 * in a child process (helpers/s3rver-process.mjs says why). s3rver checks request signatures against its
 * fixed key pair, S3RVER / S3RVER.
 */
export async function startTestS3(bucket = 'parti-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'parti-s3rver-'))
  let child = await forkS3rver(directory, bucket, 0)
  const endpoint = `http://127.0.0.1:${child.port}`
  const stop = async () => {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      const exited = new Promise((resolve) => child.process.once('exit', resolve))
      child.process.disconnect()
      await exited
    }
  }
  return {
    endpoint,
    bucket,
    env: s3Env(endpoint, bucket),
    stop,
    async restart() {
      child = await forkS3rver(directory, bucket, child.port)
    },
    async close() {
      await stop()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

async function forkS3rver(directory: string, bucket: string, port: number) {
  const child = fork(
    join(dirname(fileURLToPath(import.meta.url)), 's3rver-process.mjs'),
    [directory, bucket, String(port)],
    {
      execArgv: ['--openssl-legacy-provider'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  )
  const listening = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port))
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)))
  })
  return { process: child, port: listening }
}

const s3Env = (endpoint: string, bucket: string): Record<string, string> => ({
  BLOB_STORE: 's3',
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_BUCKET: bucket,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
})

let buckets = 0
/** A new empty bucket on a running s3rver, and the settings that point a server at it. */
export async function createTestBucket(endpoint: string): Promise<Record<string, string>> {
  const bucket = `t${process.pid}-${++buckets}-${Date.now().toString(36)}`
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }))
  } finally {
    client.destroy()
  }
  return s3Env(endpoint, bucket)
}
