import type { FastifyInstance } from 'fastify'
import { AccountDeletion } from './account/deletion.ts'
import { AccountExport } from './account/export.ts'
import { CallbackDeliverer } from './api-webhooks/deliverer.ts'
import { buildApp } from './app.ts'
import { createSignInClients } from './auth/oidc/clients.ts'
import type { AppContext } from './context.ts'
import { pruneEvents } from './db/repos/events.ts'
import type { EngineRouter } from './engines/router.ts'
import { EventHub } from './events/hub.ts'
import { GenerationService } from './generations/service.ts'
import { accountDataRoutes } from './http/account-data-routes.ts'
import { adminEngineRoutes } from './http/admin-engine-routes.ts'
import { adminInboxRoutes } from './http/admin-inbox-routes.ts'
import { adminOutboxRoutes } from './http/admin-outbox-routes.ts'
import { adminRoutes } from './http/admin-routes.ts'
import { capabilityRoutes } from './http/capability-routes.ts'
import { conversationRoutes } from './http/conversation-routes.ts'
import { creditRoutes } from './http/credit-routes.ts'
import { estimateRoutes } from './http/estimate-routes.ts'
import { eventRoutes } from './http/event-routes.ts'
import { generationRoutes } from './http/generation-routes.ts'
import { oidcRoutes } from './http/oidc-routes.ts'
import { paymentRoutes } from './http/payment-routes.ts'
import { projectRoutes } from './http/project-routes.ts'
import { renderRoutes } from './http/render-routes.ts'
import type { ApiServices, RouteModule } from './http/types.ts'
import { verifyRoutes } from './http/verify-routes.ts'
import { webhookRoutes } from './http/webhook-routes.ts'
import { JobQueue } from './jobs/queue.ts'
import { StatusCache } from './jobs/status-cache.ts'
import { Worker } from './jobs/worker.ts'
import { createMailer } from './mail/mailer.ts'
import { videoReadyMail } from './mail/video-ready.ts'
import { MailWorker } from './mail/worker.ts'
import { startBillingClock } from './payments/billing-clock.ts'
import { createPayments } from './payments/index.ts'
import { provenanceFor } from './provenance/service.ts'

export type Role = 'all' | 'api' | 'worker'

export interface Runtime {
  app: FastifyInstance | null
  worker: Worker | null
  /** sends the mail outbox; runs beside the job worker (mail/README.md) */
  mailWorker: MailWorker | null
  hub: EventHub | null
  /** stop accepting, finish or release work; the caller closes the database */
  stop(): Promise<void>
}

export interface RuntimeOptions {
  role: Role
  engines: EngineRouter
  webDistDir?: string | null
  port?: number
  host?: string
  /** the worker's grace period on shutdown before releasing running jobs */
  shutdownGraceMs?: number
}

/** The route modules an API process serves besides the core ones of buildApp (app.ts). */
export function apiRoutes(engines: EngineRouter): RouteModule[] {
  return [
    renderRoutes,
    capabilityRoutes,
    generationRoutes,
    projectRoutes,
    creditRoutes,
    accountDataRoutes,
    conversationRoutes,
    estimateRoutes,
    eventRoutes,
    webhookRoutes(engines),
    paymentRoutes,
    oidcRoutes,
    adminRoutes,
    adminOutboxRoutes,
    adminInboxRoutes,
    adminEngineRoutes(engines),
    verifyRoutes,
  ]
}

/** Assemble what a process runs for its role: the HTTP API with its event hub, a worker, or both. */
export async function startRuntime(ctx: AppContext, options: RuntimeOptions): Promise<Runtime> {
  let app: FastifyInstance | null = null
  let hub: EventHub | null = null
  let worker: Worker | null = null
  let mailWorker: MailWorker | null = null
  let deliverer: CallbackDeliverer | null = null
  const timers: NodeJS.Timeout[] = []

  if (options.role !== 'api') {
    const queue = new JobQueue(ctx.database, ctx.storage, videoReadyMail(ctx.config.publicUrl))
    worker = new Worker(
      ctx.database,
      queue,
      {
        database: ctx.database,
        storage: ctx.storage,
        queue,
        engines: options.engines,
        fidelity: ctx.config.fidelity,
      },
      ctx.log.child({ component: 'worker' }),
      {
        concurrency: ctx.config.WORKER_CONCURRENCY,
        leaseSeconds: ctx.config.JOB_LEASE_SECONDS,
        jobTimeoutMs: 15 * 60_000,
        pollIntervalMs: 2_000,
      },
    )
    await worker.start()
    mailWorker = new MailWorker(
      ctx.database,
      createMailer(ctx.config.mail),
      ctx.log.child({ component: 'mail' }),
      {
        retryBaseMs: ctx.config.mail.retryBaseMs,
        maxAttempts: ctx.config.mail.maxAttempts,
        keepDays: ctx.config.mail.keepDays,
      },
    )
    await mailWorker.start()
    // job webhooks to API users are delivered by the workers (docs/product.md#api-webhooks)
    deliverer = new CallbackDeliverer(ctx.database.db, ctx.log.child({ component: 'api-webhooks' }), {
      retryBaseMs: ctx.config.WEBHOOK_RETRY_BASE_MS,
      allowLoopback: ctx.config.WEBHOOK_ALLOW_LOOPBACK,
    })
    deliverer.start()
  }

  if (options.role !== 'worker') {
    // the API's services, caches and timers: built here, once per process, and handed to the routes
    hub = new EventHub(ctx.database, ctx.log.child({ component: 'events' }))
    const statusCache = new StatusCache()
    hub.onAnyUserEvent((userId) => statusCache.invalidateUser(userId))
    await hub.start()
    const payments = createPayments(ctx)
    if (payments.local) timers.push(startBillingClock(payments.local, ctx.log))
    const accountLog = ctx.log.child({ component: 'account' })
    const deletion = new AccountDeletion(ctx.database.db, ctx.storage.blobs, payments.service, accountLog)
    const services: ApiServices = {
      generations: new GenerationService(
        ctx.database.db,
        ctx.storage,
        new JobQueue(ctx.database, ctx.storage, videoReadyMail(ctx.config.publicUrl)),
        statusCache,
      ),
      engines: options.engines,
      payments,
      hub,
      signIn: createSignInClients(ctx.config),
      account: {
        export: new AccountExport(ctx.database.db, ctx.storage.blobs, accountLog, (key) =>
          provenanceFor(ctx).downloadKey(key, { outputsOnly: true }),
        ),
        deletion,
      },
    }
    app = await buildApp(ctx, {
      services,
      webDistDir: options.webDistDir ?? null,
      extraRoutes: apiRoutes(options.engines),
    })
    await app.listen({ port: options.port ?? ctx.config.PORT, host: options.host ?? ctx.config.HOST })
    // resumable events are kept a day; older ones are of no use to a reconnecting browser
    const prune = () => pruneEvents(ctx.database.db, new Date(Date.now() - 86_400_000)).catch(() => {})
    timers.push(setInterval(prune, 3_600_000))
    void prune()
    // files of deleted accounts a failure or a late job left behind (docs/decisions/0073-account-deletion-order.md)
    const sweep = () =>
      deletion.sweep().catch((err: unknown) => accountLog.error({ err }, 'blob deletion sweep failed'))
    timers.push(setInterval(sweep, 5 * 60_000))
    void sweep()
  }

  return {
    app,
    worker,
    mailWorker,
    hub,
    async stop() {
      for (const t of timers) clearInterval(t)
      await app?.close()
      await hub?.stop()
      await worker?.stop(options.shutdownGraceMs ?? 10_000)
      await mailWorker?.stop()
      await deliverer?.stop()
    },
  }
}
