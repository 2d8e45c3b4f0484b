import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pino, { type Logger } from 'pino'
import { seedCatalogue } from './catalog/seed.ts'
import type { Config } from './config.ts'
import type { AppContext } from './context.ts'
import { openDatabase } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { openBlobStore } from './storage/index.ts'
import { StorageService } from './storage/service.ts'

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
export const DEFAULT_WEB_DIST = join(REPO_ROOT, 'apps/web/dist')

/**
 * Credentials never reach a log line (docs/decisions/0093-rate-limits-headers-and-logs.md): request headers that
 * carry them are removed wherever a plugin logs a request's headers (@fastify/multipart logs its parser's
 * options, headers included, at trace), as are fields named like a secret.
 */
const REDACTED = [
  ...['headers', '*.headers', '*.*.headers'].flatMap((h) =>
    ['authorization', 'cookie', '["set-cookie"]', '["stripe-signature"]', '["webhook-signature"]'].map(
      (name) => `${h}${name.startsWith('[') ? '' : '.'}${name}`,
    ),
  ),
  ...['password', 'token', 'webhookSecret', 'secret'].flatMap((f) => [f, `*.${f}`]),
]

export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>,
  destination?: pino.DestinationStream,
): Logger {
  const options = {
    level: config.LOG_LEVEL,
    base: { service: 'parti' },
    redact: { paths: REDACTED, remove: true },
  }
  return destination ? pino(options, destination) : pino(options)
}

/** Open the database, apply migrations, load the catalogue on first start, and assemble the shared services. */
export async function createContext(config: Config, log: Logger): Promise<AppContext> {
  // before the database: a bucket that cannot be used is a setting at fault (ConfigError, exit 78)
  const blobs = await openBlobStore(config.blobs, config.filesDir)
  const database = await openDatabase(
    { databaseUrl: config.DATABASE_URL, pgliteDir: config.pgliteDir, poolSize: config.DATABASE_POOL_SIZE },
    log,
  )
  try {
    const applied = await migrate(database)
    if (applied.length) log.info({ applied }, 'database migrations applied')
    if (await seedCatalogue(database)) log.info('catalogue loaded: plans, styles, colour palettes')
  } catch (err) {
    await database.close()
    throw err
  }
  const storage = new StorageService(blobs, config.sessionSecret)
  return {
    config,
    database,
    storage,
    log,
    auth: {
      freeCredits: config.FREE_CREDITS,
      adminEmails: config.adminEmails,
      sessionTtlDays: config.SESSION_TTL_DAYS,
      allowSignUp: config.ALLOW_SIGN_UP,
      demoMode: config.DEMO_MODE,
      publicUrl: config.publicUrl,
    },
  }
}
