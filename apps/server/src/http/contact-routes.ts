import { ConsentRequest, ContactRequest, OkResponse } from '@parti/contract'
import type { FastifyRequest } from 'fastify'
import { recordConsent, recordContactMessage, type Sender } from '../contact/service.ts'
import type { AppContext } from '../context.ts'
import { currentUser } from './auth.ts'
import type { Api } from './types.ts'

const PUBLIC_FORM_LIMIT = { max: 5, timeWindow: '1 minute' }

/** The public forms: anyone may send them; a signed-in sender is recorded as such. */
export function contactRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db
  const sender = async (req: FastifyRequest): Promise<Sender> => ({
    userId: (await currentUser(db, req))?.userId ?? null,
    language: req.headers['accept-language'] ?? null,
    userAgent: req.headers['user-agent'] ?? null,
  })

  app.post(
    '/contact/messages',
    {
      schema: {
        operationId: 'sendContactMessage',
        summary: 'Send a message to the Parti team',
        tags: ['contact'],
        body: ContactRequest,
        response: { 201: OkResponse },
      },
      config: { rateLimit: PUBLIC_FORM_LIMIT },
    },
    async (req, reply) => {
      await recordContactMessage(db, req.body, await sender(req), ctx.config.mail)
      req.log.info({ subject: req.body.subject }, 'contact message received')
      return reply.status(201).send({ success: true as const })
    },
  )

  app.post(
    '/consent',
    {
      schema: {
        operationId: 'recordConsent',
        summary: "Record a visitor's cookie consent",
        tags: ['contact'],
        body: ConsentRequest,
        response: { 201: OkResponse },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      await recordConsent(db, req.body, await sender(req))
      return reply.status(201).send({ success: true as const })
    },
  )
}
