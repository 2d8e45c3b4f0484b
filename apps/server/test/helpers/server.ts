import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { inject } from 'vitest'
import { createContext, createLogger } from '../../src/bootstrap.ts'
import { type Config, loadConfig } from '../../src/config.ts'
import type { AppContext } from '../../src/context.ts'
import type { EngineRouter } from '../../src/engines/router.ts'
import { type Role, type Runtime, startRuntime } from '../../src/runtime.ts'
import { createTestDatabase, PG_URL } from './database.ts'
import { createTestBucket } from './s3.ts'

export interface TestServer {
  url: string
  ctx: AppContext
  runtime: Runtime
  dataDir: string
  databaseUrl: string | undefined
  close(options?: { keepData?: boolean }): Promise<void>
}

export interface TestServerOptions {
  env?: Record<string, string>
  role?: Role
  engines?: EngineRouter
  /** reuse a data folder / database (restart tests) */
  dataDir?: string
  databaseUrl?: string
  /** the built web app to serve, as `npm start` does (pages and their headers) */
  webDistDir?: string
  /** where the server's log lines go (at LOG_LEVEL), for a test that reads them; else stdout */
  logStream?: { write(line: string): void }
}

/**
 * The real server (same bootstrap and runtime as `npm start`) on a random port, over a fresh PGlite folder,
 * or a fresh PostgreSQL database when PARTI_TEST_PG_URL is set.
 */
/** The bucket of each database (or data folder) a test server ran on, for the servers that follow it. */
const bucketsOf = new Map<string, Record<string, string>>()

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'parti-api-'))
  const db = options.databaseUrl || !PG_URL ? null : await createTestDatabase()
  // a fresh PGlite folder: a copy of the run's migrated and seeded template (test/global-setup.ts)
  const template = inject('pgliteTemplate')
  if (!options.dataDir && !db && !options.databaseUrl && template)
    cpSync(template, join(dataDir, 'db'), { recursive: true })
  const databaseUrl = options.databaseUrl ?? db?.url
  // TEST_BLOB_STORE=s3 (test/global-setup.ts): a fresh bucket on the run's s3rver, unless the test chose a store
  const s3Endpoint = inject('s3Endpoint')
  // servers sharing one database (a restart, an API and a worker process) share its bucket too
  const bucketKey = databaseUrl ?? dataDir
  const blobEnv =
    s3Endpoint && !options.env?.BLOB_STORE
      ? (bucketsOf.get(bucketKey) ?? (await createTestBucket(s3Endpoint)))
      : {}
  if (s3Endpoint && !options.env?.BLOB_STORE) bucketsOf.set(bucketKey, blobEnv)
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    WORKER_CONCURRENCY: '2',
    // fake engines answer with any picture: a test that judges fidelity sets its own thresholds
    FIDELITY_THRESHOLDS: 'sketch=0,multi-angle=0,staging=0,magic-edit=0,inpaint=0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...blobEnv,
    ...options.env,
  })
  // the logger `npm start` uses, with its redactions
  const log = createLogger(config, options.logStream)
  const ctx = await createContext(config, log)
  // without an engines option the engines come from the env exactly as `npm start` builds them (ENGINE_*)
  const engines = options.engines ?? (await createEnginesFor(config, log, ctx))
  const runtime = await startRuntime(ctx, {
    role: options.role ?? 'all',
    engines,
    // a fixed PORT lets a test give providers a reachable PUBLIC_URL for webhooks
    port: Number(options.env?.PORT ?? 0),
    host: '127.0.0.1',
    shutdownGraceMs: 2_000,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  })
  const address = runtime.app?.server.address()
  const url = address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : ''
  return {
    url,
    ctx,
    runtime,
    dataDir,
    databaseUrl,
    async close(closeOptions) {
      await runtime.stop()
      await engines.stop?.()
      await ctx.database.close()
      if (!closeOptions?.keepData) {
        await db?.drop()
        if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
      }
    },
  }
}

/** Imported on demand, so queue tests with their own engine do not load the engines' dependencies. */
async function createEnginesFor(config: Config, log: Logger, ctx: AppContext): Promise<EngineRouter> {
  const [{ createEngines }, { WebhookBus }] = await Promise.all([
    import('../../src/engines/index.ts'),
    import('../../src/jobs/engine-webhooks.ts'),
  ])
  return createEngines(config, log, {
    webhooks: new WebhookBus(ctx.database, log.child({ component: 'webhooks' })),
  })
}
