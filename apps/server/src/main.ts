import { ConfigError, loadConfig } from './config.ts'
import type { Role } from './runtime.ts'

/**
 * One entry for the three ways Parti runs: `all` (the embedded default: SPA, API and an in-process worker on
 * one port), `api` (the SPA and the API, no worker) and `worker` (jobs only), so HTTP and jobs scale apart.
 */
async function main(role: Role): Promise<void> {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`)
      process.exit(78) // EX_CONFIG
    }
    throw err
  }
  // the rest of the server (hundreds of modules) is loaded only once the settings hold: a mistyped setting is
  // answered in about a second instead of after the whole import
  const [{ createContext, createLogger, DEFAULT_WEB_DIST }, { warmStylePreviews }, { listStyles }] =
    await Promise.all([import('./bootstrap.ts'), import('./catalog/preview.ts'), import('./catalog/repo.ts')])
  const [{ createEngines }, { WebhookBus }, { startRuntime }] = await Promise.all([
    import('./engines/index.ts'),
    import('./jobs/engine-webhooks.ts'),
    import('./runtime.ts'),
  ])
  const log = createLogger(config)
  const ctx = await createContext(config, log).catch((err: Error) => {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`)
      process.exit(78)
    }
    const target = config.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR (${config.pgliteDir})`
    process.stderr.write(`Could not open the database (${target}): ${err.message}\n`)
    process.exit(1)
  })

  const webhooks = new WebhookBus(ctx.database, log.child({ component: 'webhooks' }))
  const engines = await createEngines(config, log, { webhooks }).catch((err: Error) => {
    process.stderr.write(`${err.message}\n`)
    process.exit(1)
  })
  const runtime = await startRuntime(ctx, {
    role,
    engines,
    webDistDir: role === 'worker' ? null : (config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST),
  })
  if (runtime.app)
    log.info(`Parti ${role === 'all' ? 'is running' : 'API is running'} at ${config.publicUrl}`)
  const stops = [() => runtime.stop(), async () => engines.stop?.()]
  if (runtime.app) {
    // style cards are rendered by the local engine: do it now, in the background, rather than on first view
    setTimeout(() => {
      listStyles(ctx.database.db, {})
        .then((styles) => warmStylePreviews(ctx.storage.blobs, styles))
        .catch((err) => log.warn({ err }, 'style previews not prepared'))
    }, 2000).unref()
  }

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down: no new requests, finishing or releasing work')
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting')
      process.exit(1)
    }, 25_000)
    force.unref()
    for (const stop of stops) await stop().catch((err) => log.error({ err }, 'error while stopping'))
    await ctx.database.close()
    log.info('stopped')
    process.exit(0)
  }
  // a promise nobody waited for must not take every job and stream of this process down with it (the database
  // away for a few seconds used to); it is logged, and the work it belonged to returns through its lease
  process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection (kept running)'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

const role = (process.argv[2] ?? 'all') as Role
if (!['all', 'api', 'worker'].includes(role)) {
  process.stderr.write(`Unknown role "${role}": use all, api or worker\n`)
  process.exit(64)
}
await main(role)
