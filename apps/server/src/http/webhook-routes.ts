import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context.ts'
import type { EngineRouter } from '../engines/router.ts'
import type { WebhookProvider } from '../engines/shared/webhooks.ts'
import { announceWebhook, firstDelivery } from '../jobs/engine-webhooks.ts'
import type { Api } from './types.ts'

/** A provider's result payload (images inline as base64 for some) stays well under this. */
const WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024

/**
 * Every provider webhook (engines' and Stripe's) is limited per address: providers send from a few addresses, a
 * busy minute of 300 finished jobs stays well under it, and a provider told 429 delivers again later
 * (docs/decisions/0093-rate-limits-headers-and-logs.md).
 */
export const PROVIDER_WEBHOOK_LIMIT = { max: 600, timeWindow: '1 minute' }

const errorBody = (code: string, message: string) => ({ error: { code, message } })

/**
 * POST /api/webhooks/{provider}, for the providers whose descriptors verify webhooks (Replicate, fal): verify
 * the signature against the raw bytes, refuse stale timestamps, record the delivery once (webhook_deliveries),
 * then NOTIFY the workers. The payload itself is not trusted or stored: the waiting adapter re-reads the job
 * from the provider (docs/decisions/0033-engine-webhooks-are-hints.md).
 */
export function webhookRoutes(engines: EngineRouter) {
  return (app: Api, ctx: AppContext): void => {
    // its own scope: a raw-body parser here leaves JSON parsing everywhere else untouched
    app.register(async (scope: FastifyInstance) => {
      scope.removeAllContentTypeParsers()
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_req, body, done) => done(null, body),
      )
      scope.post<{ Params: { provider: string } }>(
        '/webhooks/:provider',
        { schema: { hide: true }, config: { rateLimit: PROVIDER_WEBHOOK_LIMIT } },
        async (req, reply) => {
          const provider = req.params.provider as WebhookProvider
          // only the providers in use that have webhooks on have a receiver (their descriptor's `webhook`)
          const receiver = Object.hasOwn(engines.webhooks ?? {}, provider)
            ? engines.webhooks?.[provider]
            : null
          if (!receiver)
            return reply.status(404).send(errorBody('not_found', `${provider} webhooks are not configured`))
          const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
          const verdict = await receiver.verify(raw, req.headers).catch((err: Error) => {
            req.log.error({ err, provider }, 'webhook verification could not run')
            return null
          })
          if (!verdict) return reply.status(503).send(errorBody('unavailable', 'Try again later'))
          if (!verdict.ok) {
            req.log.warn({ provider, reason: verdict.reason }, 'webhook refused')
            const status = verdict.reason === 'bad_body' ? 400 : 401
            return reply.status(status).send(errorBody('unauthorized', 'Invalid webhook signature'))
          }
          if (!(await firstDelivery(ctx.database, verdict.deliveryId, provider)))
            return reply.send({ received: true, duplicate: true })
          await announceWebhook(ctx.database, provider, verdict.subjectId)
          req.log.info({ provider, id: verdict.subjectId }, 'engine webhook received')
          return reply.send({ received: true })
        },
      )
    })
  }
}
