import { EstimatesResponse } from '@parti/contract'
import type { AppContext } from '../context.ts'
import { authenticated } from './auth-scope.ts'
import type { Api, ApiServices } from './types.ts'

/** `GET /api/user/estimates`: time estimates for the creation screens, from the user's own recent jobs. */
export function estimateRoutes(app: Api, ctx: AppContext, { generations }: ApiServices): void {
  authenticated(app, ctx.database.db, (api) => {
    api.get(
      '/user/estimates',
      {
        schema: {
          operationId: 'listEstimates',
          summary: 'How long each kind of job takes now, in seconds',
          tags: ['generations'],
          response: { 200: EstimatesResponse },
        },
      },
      async (req) => ({ estimates: await generations.estimates(req.user.userId) }),
    )
  })
}
