import { z } from 'zod'
import { bool, httpUrl, optional, withDefault } from '../lib/env.ts'
import type { S3Settings } from './s3/s3-blob-store.ts'

/**
 * Where files live (README's configuration table, .env.example), part of the one schema checked at start
 * (config.ts): the local folder DATA_DIR/files by default, or an S3-compatible bucket
 * (docs/decisions/0082-s3-blob-store.md).
 */
export const BlobEnvShape = {
  BLOB_STORE: withDefault(z.enum(['fs', 's3']), 'fs'),
  /** unset: AWS S3 itself; MinIO, R2, Ceph… give their address */
  S3_ENDPOINT: optional(httpUrl),
  S3_REGION: withDefault(
    z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{2,40}$/, 'must look like eu-west-1'),
    'us-east-1',
  ),
  S3_BUCKET: optional(
    z
      .string()
      .trim()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 lower-case letters, digits, . and -',
      ),
  ),
  S3_ACCESS_KEY_ID: optional(z.string().trim()),
  S3_SECRET_ACCESS_KEY: optional(z.string().trim()),
  /** bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores want */
  S3_FORCE_PATH_STYLE: withDefault(bool, 'false'),
}

export type BlobSettings = { store: 'fs' } | ({ store: 's3' } & S3Settings)

interface BlobEnv {
  BLOB_STORE: 'fs' | 's3'
  S3_ENDPOINT?: string | undefined
  S3_REGION: string
  S3_BUCKET?: string | undefined
  S3_ACCESS_KEY_ID?: string | undefined
  S3_SECRET_ACCESS_KEY?: string | undefined
  S3_FORCE_PATH_STYLE: boolean
}

/** The S3 settings, whatever BLOB_STORE says (the blobs:move command copies into a bucket before the switch). */
export function parseS3Settings(env: BlobEnv): { settings: S3Settings | null; problems: string[] } {
  const problems: string[] = []
  if (!env.S3_BUCKET) problems.push('S3_BUCKET: required for the S3 blob store')
  // both or neither: neither leaves the SDK's own chain (AWS_* variables, an instance or task role)
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) {
    problems.push(
      env.S3_ACCESS_KEY_ID
        ? 'S3_SECRET_ACCESS_KEY: required because S3_ACCESS_KEY_ID is set'
        : 'S3_ACCESS_KEY_ID: required because S3_SECRET_ACCESS_KEY is set',
    )
  }
  if (problems.length || !env.S3_BUCKET) return { settings: null, problems }
  return {
    settings: {
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    },
    problems,
  }
}

export function parseBlobSettings(env: BlobEnv): { settings: BlobSettings; problems: string[] } {
  if (env.BLOB_STORE === 'fs') return { settings: { store: 'fs' }, problems: [] }
  const s3 = parseS3Settings(env)
  return s3.settings
    ? { settings: { store: 's3', ...s3.settings }, problems: [] }
    : { settings: { store: 'fs' }, problems: s3.problems.map((p) => `${p} (BLOB_STORE=s3)`) }
}
