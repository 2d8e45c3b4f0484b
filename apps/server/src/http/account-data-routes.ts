import { DeleteAccountRequest, exportFileName, OkResponse } from '@parti/contract'
import type { FastifyRequest } from 'fastify'
import { hashTokenMemo } from '../auth/session-cache.ts'
import type { AppContext } from '../context.ts'
import { clearSessionCookie, tokenOf } from './auth.ts'
import { authenticated } from './auth-scope.ts'
import type { Api, ApiServices } from './types.ts'

// Per browser session (the limit runs before the session is looked up, so it keys on the token's hash): a few
// exports an hour on top of one at a time, and as many password attempts as sign-in allows.
const bySession = (req: FastifyRequest) => {
  const token = tokenOf(req)
  return token ? `session:${hashTokenMemo(token)}` : `ip:${req.ip}`
}
const EXPORT_LIMIT = { max: 6, timeWindow: '1 hour', keyGenerator: bySession }
const DELETE_LIMIT = { max: 10, timeWindow: '1 minute', keyGenerator: bySession }

/**
 * The data rights of docs/product.md#data-rights: the export of everything as one zip, and the deletion of
 * the account. Both take the browser session only, never an API key
 * (docs/decisions/0065-api-keys-hashed-sessions.md).
 */
export function accountDataRoutes(app: Api, ctx: AppContext, { account }: ApiServices): void {
  const secure = ctx.config.publicUrl.startsWith('https://')
  authenticated(
    app,
    ctx.database.db,
    (api) => {
      api.get(
        '/user/export',
        {
          schema: {
            operationId: 'exportAccount',
            summary: 'Download everything of your account as one zip',
            tags: ['user'],
            otherResponses: { 200: { description: 'The zip, streamed', contentType: 'application/zip' } },
          },
          config: { rateLimit: EXPORT_LIMIT },
        },
        async (req, reply) => {
          const zip = await account.export.start(req.user.userId)
          return reply
            .type('application/zip')
            .header('content-disposition', `attachment; filename="${exportFileName(new Date())}"`)
            .header('cache-control', 'no-store')
            .send(zip as never)
        },
      )

      api.delete(
        '/user',
        {
          schema: {
            operationId: 'deleteAccount',
            summary: 'Delete your account, its data and files (re-authentication required)',
            tags: ['user'],
            body: DeleteAccountRequest,
            response: { 200: OkResponse },
          },
          config: { rateLimit: DELETE_LIMIT },
        },
        async (req, reply) => {
          await account.deletion.delete(req.user, req.body.password)
          clearSessionCookie(reply, secure)
          return { success: true as const }
        },
      )
    },
    { sessionOnly: true },
  )
}
