import { EngineCheckResponse } from '@parti/contract'
import type { AppContext } from '../context.ts'
import { liveCheck } from '../engines/live-check.ts'
import type { EngineRouter } from '../engines/router.ts'
import { authenticated } from './auth-scope.ts'
import type { Api } from './types.ts'

/**
 * POST /api/admin/engines/check: the operators' live check of the hosted engines from the admin page
 * (docs/hosted-engines.md#live-check), the same as `npm run engines:check`. Admin only
 * (docs/decisions/0011-admin-role-on-the-server.md); a second press while a check runs waits for that one.
 */
export function adminEngineRoutes(engines: EngineRouter) {
  let running: Promise<EngineCheckResponse> | null = null
  return (app: Api, ctx: AppContext): void => {
    authenticated(
      app,
      ctx.database.db,
      (admin) => {
        admin.post(
          '/admin/engines/check',
          {
            schema: {
              operationId: 'adminCheckEngines',
              summary: 'Send one tiny real job per hosted step; time and credits per step (admin)',
              tags: ['admin'],
              response: { 200: EngineCheckResponse },
            },
          },
          async () => {
            running ??= liveCheck(engines, ctx.log)
              .then((rows) => ({ rows, checkedAt: new Date().toISOString() }))
              .finally(() => {
                running = null
              })
            return running
          },
        )
      },
      { admin: true },
    )
  }
}
