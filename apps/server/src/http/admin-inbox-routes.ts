import {
  InboxHandledRequest,
  InboxItemResponse,
  InboxQuery,
  InboxReplyRequest,
  InboxResponse,
} from '@parti/contract'
import { z } from 'zod'
import { listInbox, replyToRequest, setHandled } from '../contact/inbox.ts'
import type { AppContext } from '../context.ts'
import { authenticated } from './auth-scope.ts'
import type { Api } from './types.ts'

const tags = ['admin']
const IdParams = z.object({ id: z.uuid() })

/**
 * The admin inbox (docs/admin.md#inbox): contact and demo requests, marked handled, answered by mail in the
 * sender's language from the page. Admin only, like every /api/admin call
 * (docs/decisions/0011-admin-role-on-the-server.md).
 */
export function adminInboxRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db
  authenticated(
    app,
    db,
    (admin) => {
      admin.get(
        '/admin/inbox',
        {
          schema: {
            operationId: 'listInbox',
            summary: 'Contact and demo requests, open or handled (admin)',
            tags,
            querystring: InboxQuery,
            response: { 200: InboxResponse },
          },
        },
        async (req) => listInbox(db, req.query),
      )
      admin.post(
        '/admin/inbox/:id/handled',
        {
          schema: {
            operationId: 'markInboxHandled',
            summary: 'Mark a request handled, or open again (admin)',
            tags,
            params: IdParams,
            body: InboxHandledRequest,
            response: { 200: InboxItemResponse },
          },
        },
        async (req) => ({ item: await setHandled(db, req.params.id, req.user.userId, req.body.handled) }),
      )
      admin.post(
        '/admin/inbox/:id/reply',
        {
          schema: {
            operationId: 'replyToInbox',
            summary: "Answer a request by mail in the sender's language; marks it handled (admin)",
            tags,
            params: IdParams,
            body: InboxReplyRequest,
            response: { 200: InboxItemResponse },
          },
        },
        async (req) => ({
          item: await replyToRequest(
            db,
            req.params.id,
            req.user.userId,
            req.body.text,
            ctx.config.mail.supportEmail ?? null,
          ),
        }),
      )
    },
    { admin: true },
  )
}
