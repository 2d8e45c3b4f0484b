import { HEALTH_TIMEOUT_MS, HealthResponse } from '@parti/contract'
import type { AppContext } from '../context.ts'
import type { Api } from './types.ts'

export function healthRoutes(app: Api, ctx: AppContext): void {
  // docs/product.md#api-other: a success flag; 503 when the database does not answer in the client's 5 s
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        summary: 'Whether the server and its database answer',
        tags: ['health'],
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_req, reply) => {
      const ok = await ctx.database.ping(HEALTH_TIMEOUT_MS - 500)
      return reply.status(ok ? 200 : 503).send({ success: ok })
    },
  )
}
