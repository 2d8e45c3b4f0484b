import { OutboxMessageResponse, OutboxQuery, OutboxResponse } from '@parti/contract'
import { z } from 'zod'
import type { AppContext } from '../context.ts'
import {
  findMail,
  listMail,
  type OutboxRow,
  requeueFailedMail,
  toOutboxItem,
} from '../db/repos/mail-outbox.ts'
import { AppError, notFound } from '../domain/errors.ts'
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
  const messageItem = (row: OutboxRow) => ({
    ...toOutboxItem(row, ctx.config.mail.maxAttempts),
    text: redactLinks(row.text),
    html: redactLinks(row.html),
    messageId: row.messageId,
  })
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
          return { item: messageItem(row) }
        },
      )
      admin.post(
        '/admin/outbox/:id/resend',
        {
          schema: {
            operationId: 'resendOutboxMessage',
            summary: 'Queue a failed mail again, its attempts counted from zero (admin)',
            description:
              'Only a failed message, and never one whose link expires (address verification, password reset, new address confirmation): the user asks for a new one.',
            tags,
            params: z.object({ id: z.uuid() }),
            response: { 200: OutboxMessageResponse },
          },
        },
        async (req) => {
          const row = await requeueFailedMail(db, req.params.id)
          if (row) {
            req.log.info({ mailId: row.id, kind: row.kind }, 'mail queued again by an administrator')
            return { item: messageItem(row) }
          }
          const existing = await findMail(db, req.params.id)
          if (!existing) throw notFound()
          throw new AppError(
            'conflict',
            existing.status === 'failed'
              ? 'This message carries a link that has expired; the user asks for a new one'
              : 'Only a failed message can be sent again',
          )
        },
      )
    },
    { admin: true },
  )
}
