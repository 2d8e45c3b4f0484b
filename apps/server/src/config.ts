import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { API_KEY_REQUESTS_PER_MINUTE, DEFAULT_FREE_CREDITS } from '@parti/contract'
import { z } from 'zod'
import { signInEnvProblems } from './auth/oidc/settings.ts'
import { type EngineConfig, EngineEnvShape, engineSettings } from './engines/config.ts'
import { type FidelitySettings, parseThresholds } from './fidelity/settings.ts'
import { bool, ConfigError, int, invalidConfiguration, optional, withDefault } from './lib/env.ts'
import { MailEnvShape, type MailSettings, parseMailSettings } from './mail/config.ts'
import { PaymentEnvShape, type PaymentSettings, parsePaymentSettings } from './payments/config.ts'
import { BlobEnvShape, type BlobSettings, parseBlobSettings } from './storage/config.ts'

export { ConfigError }

const postgresUrl = z.string().refine((v) => {
  try {
    const u = new URL(v)
    return (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.hostname !== ''
  } catch {
    return false
  }
}, 'must be a postgres:// or postgresql:// URL with a host')

/**
 * Every setting Parti reads from the environment (README lists them; .env.example too).
 * One schema, checked at start: a missing or malformed value stops start-up with its name.
 */
const EnvSchema = z.object({
  NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'production'),
  PORT: withDefault(int(0, 65535), 3000),
  HOST: withDefault(z.string(), '0.0.0.0'),
  DATA_DIR: withDefault(z.string(), './data'),
  DATABASE_URL: optional(postgresUrl),
  DATABASE_POOL_SIZE: withDefault(int(1, 200), 10),
  /** rate-limit counters shared by every API process in Redis; without it they live in the database */
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\/./, 'must be a redis:// or rediss:// URL')),
  PUBLIC_URL: optional(z.url()),
  ADMIN_EMAILS: withDefault(z.string(), ''),
  FREE_CREDITS: withDefault(int(0, 1_000_000), DEFAULT_FREE_CREDITS),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  SESSION_TTL_DAYS: withDefault(int(1, 365), 30),
  ALLOW_SIGN_UP: withDefault(bool, 'true'),
  /** a public demo: nobody signs in or up, the landing page says so (docs/product.md#demo-mode) */
  DEMO_MODE: withDefault(bool, 'false'),
  /** requests one personal API key may make per minute (docs/product.md#api-keys) */
  API_KEY_RATE_LIMIT: withDefault(int(1, 100_000), API_KEY_REQUESTS_PER_MINUTE),
  /** job webhooks (docs/product.md#api-webhooks): the first retry's delay, doubled after each failed attempt */
  WEBHOOK_RETRY_BASE_MS: withDefault(int(100, 3_600_000), 30_000),
  /** tests only: callback URLs on loopback (127.0.0.0/8, ::1, localhost), over http too; never in a deployment */
  WEBHOOK_ALLOW_LOOPBACK: withDefault(bool, 'false'),
  TRUST_PROXY: withDefault(bool, 'false'),
  LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  WORKER_CONCURRENCY: withDefault(int(1, 64), 2),
  JOB_LEASE_SECONDS: withDefault(int(5, 3600), 30),
  JOB_MAX_ATTEMPTS: withDefault(int(1, 10), 3),
  FFMPEG_PATH: optional(z.string()),
  WEB_DIST_DIR: optional(z.string()),
  /** below these scores a result misses (docs/product.md#fidelity): `sketch=0.35,staging=0.3`; defaults in the contract */
  FIDELITY_THRESHOLDS: optional(z.string()),
  /**
   * Content Credentials (docs/decisions/0113-c2pa-signing-at-download.md): the signing certificate then its
   * intermediates, and its private key, each PEM text or a file's path; both unset, a test certificate is
   * generated into DATA_DIR/c2pa and every manifest and the /verify page say it is one
   */
  C2PA_CERT: optional(z.string().trim().min(1)),
  C2PA_KEY: optional(z.string().trim().min(1)),
  /** the browser end-to-end suite's helper routes (http/test-routes.ts); never set in a deployment */
  ENABLE_TEST_ROUTES: withDefault(bool, 'false'),
  // where files live: DATA_DIR/files or an S3-compatible bucket (storage/config.ts)
  ...BlobEnvShape,
  // payments: the built-in test checkout, or Stripe when its keys are set (payments/config.ts)
  ...PaymentEnvShape,
  // mail: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox (mail/config.ts, mail/README.md)
  ...MailEnvShape,
  // the engine of each feature and the providers' keys and models (engines/config.ts, docs/hosted-engines.md)
  ...EngineEnvShape,
  // Sign in with Google and Apple (docs/sign-in.md): on when the client id is set, then all of its variables
  GOOGLE_CLIENT_ID: optional(z.string().trim()),
  GOOGLE_CLIENT_SECRET: optional(z.string().trim()),
  GOOGLE_ISSUER: withDefault(z.url(), 'https://accounts.google.com'),
  APPLE_CLIENT_ID: optional(z.string().trim()),
  APPLE_TEAM_ID: optional(z.string().trim()),
  APPLE_KEY_ID: optional(z.string().trim()),
  APPLE_PRIVATE_KEY: optional(z.string()),
  APPLE_ISSUER: withDefault(z.url(), 'https://appleid.apple.com'),
})
type Env = z.infer<typeof EnvSchema>

export interface Config extends Env {
  dataDir: string
  filesDir: string
  pgliteDir: string
  publicUrl: string
  adminEmails: Set<string>
  sessionSecret: string
  payments: PaymentSettings
  engines: EngineConfig
  fidelity: FidelitySettings
  mail: MailSettings
  blobs: BlobSettings
}

/** Parse the environment; throws ConfigError with one line per bad variable, each naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    throw invalidConfiguration(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`))
  }
  const e = parsed.data
  const payments = parsePaymentSettings(e, { publicUrlSet: !!e.PUBLIC_URL })
  if (payments.problems.length) throw invalidConfiguration(payments.problems)
  const signIn = signInEnvProblems(e)
  if (signIn.length) throw invalidConfiguration(signIn)
  const engines = engineSettings(e, { publicUrlSet: !!e.PUBLIC_URL })
  if (engines.problems.length) throw invalidConfiguration(engines.problems)
  const fidelity = parseThresholds(e.FIDELITY_THRESHOLDS)
  if (fidelity.problems.length) throw invalidConfiguration(fidelity.problems)
  const blobs = parseBlobSettings(e)
  if (blobs.problems.length) throw invalidConfiguration(blobs.problems)
  const dataDir = resolve(e.DATA_DIR)
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  const mail = parseMailSettings(e, { outboxDir: join(dataDir, 'outbox'), publicUrl })
  if (mail.problems.length) throw invalidConfiguration(mail.problems)
  if (!e.C2PA_CERT !== !e.C2PA_KEY)
    throw invalidConfiguration([
      `${e.C2PA_CERT ? 'C2PA_KEY' : 'C2PA_CERT'}: required with ${e.C2PA_CERT ? 'C2PA_CERT' : 'C2PA_KEY'}`,
    ])
  return {
    ...e,
    dataDir,
    filesDir: join(dataDir, 'files'),
    pgliteDir: join(dataDir, 'db'),
    publicUrl,
    adminEmails: new Set(
      e.ADMIN_EMAILS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    payments: payments.settings,
    engines: engines.settings,
    fidelity: fidelity.settings,
    mail: mail.settings,
    blobs: blobs.settings,
  }
}

/** SESSION_SECRET unset: generate one once and keep it in DATA_DIR so restarts keep signed URLs valid. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret')
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim()
    if (s.length >= 32) return s
  }
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
