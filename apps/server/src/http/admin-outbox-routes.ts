import { OutboxMessageResponse, OutboxQuery, OutboxResponse } from '@parti/contract'
import { z } from 'zod'
import type { AppContext } from '../context.ts'
import { findMail, listMail, toOutboxItem } from '../db/repos/mail-outbox.ts'
import { notFound } from '../domain/errors.ts'
import { redactLinks } from '../mail/render.ts'
import { authenticated } from './auth-scope.ts'
import type { Api } from './types.ts'

const tags = ['admin']

/**
 * The mail outbox for administrators (docs/admin.md#outbox): every message queued, sent or failed, newest
 * first, and one message with its text and HTML, the tokens of its links cut out. Admin only, like every /api/admin call
 * (docs/decisions/0011-admin-role-on-the-server.md).
 */
export function adminOutboxRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db
  authenticated(
    app,
    db,
    (admin) => {
      admin.get(
        '/admin/outbox',
        {
          schema: {
            operationId: 'listOutbox',
            summary: 'The mail outbox (admin)',
            tags,
            querystring: OutboxQuery,
            response: { 200: OutboxResponse },
          },
        },
        async (req) => listMail(db, req.query, ctx.config.mail.maxAttempts),
      )
      admin.get(
        '/admin/outbox/:id',
        {
          schema: {
            operationId: 'getOutboxMessage',
            summary: 'One mail of the outbox with its text and HTML (admin)',
            tags,
            params: z.object({ id: z.uuid() }),
            response: { 200: OutboxMessageResponse },
          },
        },
        async (req) => {
          const row = await findMail(db, req.params.id)
          if (!row) throw notFound()
          const item = {
            ...toOutboxItem(row, ctx.config.mail.maxAttempts),
            text: redactLinks(row.text),
            html: redactLinks(row.html),
          }
          return { item: { ...item, messageId: row.messageId } }
        },
      )
    },
    { admin: true },
  )
}
