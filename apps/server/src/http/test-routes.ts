import { IdParams } from '@parti/contract'
import { z } from 'zod'
import type { AppContext } from '../context.ts'
import { copyFinishedResult, grantTestCredits } from '../generations/test-fixtures.ts'
import { authenticated } from './auth-scope.ts'
import type { Api } from './types.ts'

const GrantBody = z.object({ credits: z.number().int().min(1).max(1_000_000) })
const CopiesBody = z.object({ count: z.number().int().min(1).max(1000) })

/**
 * Routes for the browser end-to-end suite, mounted only with ENABLE_TEST_ROUTES=true (its Playwright config
 * sets it; a deployment never does). They act on the signed-in user only:
 * - a credit grant, written to the ledger like any adjustment, for scenarios that need more than the free
 *   200 credits (a video costs 200);
 * - copies of one of the user's own finished results (generations/test-fixtures.ts).
 */
export function testRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db
  authenticated(app, db, (api) => {
    api.post('/test/credits', { schema: { hide: true, body: GrantBody } }, async (req) => ({
      credits: await grantTestCredits(db, req.user.userId, req.body.credits),
    }))

    api.post(
      '/test/generations/:id/copies',
      { schema: { hide: true, params: IdParams, body: CopiesBody } },
      async (req) => ({ ids: await copyFinishedResult(db, req.user.userId, req.params.id, req.body.count) }),
    )
  })
}
