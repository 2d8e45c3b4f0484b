import { ConsentRequest, ContactRequest, OkResponse } from '@parti/contract'
import type { AppContext } from '../context.ts'
import { consentRecords, contactMessages } from '../db/schema.ts'
import { uuidv7 } from '../lib/ids.ts'
import { currentUser } from './auth.ts'
import type { Api } from './types.ts'

const PUBLIC_FORM_LIMIT = { max: 5, timeWindow: '1 minute' }

export function contactRoutes(app: Api, ctx: AppContext): void {
  app.post(
    '/contact/messages',
    {
      schema: { tags: ['contact'], body: ContactRequest, response: { 201: OkResponse } },
      config: { rateLimit: PUBLIC_FORM_LIMIT },
    },
    async (req, reply) => {
      const user = await currentUser(ctx.database.db, req)
      await ctx.database.db.insert(contactMessages).values({
        id: uuidv7(),
        userId: user?.userId ?? null,
        ...req.body,
        language: req.headers['accept-language']?.slice(0, 20) ?? null,
      })
      req.log.info({ subject: req.body.subject }, 'contact message received')
      return reply.status(201).send({ success: true as const })
    },
  )

  // DECISIONS: cookie consent is kept in the browser and recorded on our own server
  app.post(
    '/consent',
    {
      schema: { tags: ['contact'], body: ConsentRequest, response: { 201: OkResponse } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const user = await currentUser(ctx.database.db, req)
      await ctx.database.db.insert(consentRecords).values({
        id: uuidv7(),
        userId: user?.userId ?? null,
        visitorId: req.body.visitorId ?? null,
        accepted: req.body.accepted,
        categories: req.body.categories,
        userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
      })
      return reply.status(201).send({ success: true as const })
    },
  )
}
