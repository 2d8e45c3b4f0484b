import { CapabilitiesResponse } from '@parti/contract'
import type { AppContext } from '../context.ts'
import { planStateOf } from '../db/repos/users.ts'
import { kindCapabilities } from '../engines/capabilities.ts'
import { currentUser } from './auth.ts'
import type { Api, ApiServices } from './types.ts'

/**
 * `GET /api/capabilities`: what each kind will do on the engines this server is configured with, for the
 * caller's plan (a visitor's is no plan), so the screens can say before Generate what will be ignored
 * (docs/product.md#capabilities).
 */
export function capabilityRoutes(app: Api, ctx: AppContext, services: ApiServices): void {
  app.get(
    '/capabilities',
    {
      schema: {
        operationId: 'listCapabilities',
        summary: 'What each kind of job can do on the engines in use',
        tags: ['catalog'],
        description:
          'For every kind: the engine and model of each step, and for every field and option whether the engine ' +
          'does it, approximates it (and how) or cannot (and why). A request whose every asked effect is "cannot" ' +
          'is refused with 422 not_offered and nothing charged; otherwise only the steps that run are charged.',
        response: { 200: CapabilitiesResponse },
      },
    },
    async (req) => {
      const user = await currentUser(ctx.database.db, req)
      const plan = user ? await planStateOf(ctx.database.db, user.userId) : { name: null, active: false }
      return { kinds: kindCapabilities(services.engines, plan) }
    },
  )
}
