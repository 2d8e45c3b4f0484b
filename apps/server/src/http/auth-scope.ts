import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { SessionUser } from '../auth/sessions.ts'
import type { DbOrTx } from '../db/client.ts'
import { forbidden, unauthorized } from '../domain/errors.ts'
import { guardApiKey } from './api-key-guard.ts'
import { currentUser } from './auth.ts'
import type { Api } from './types.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user, set by the hook of an `authenticated` scope before any handler in it runs. Outside
     * such a scope it is null: a public route that cares who is asking calls `currentUser` (http/auth.ts).
     */
    user: SessionUser
  }
}

/**
 * OpenAPI: a route that takes the bearer token or the browser's session cookie. OpenAPI 3.1 lets a requirement
 * name the roles it needs: `admin` (the admin role) or `session` (a signed-in session, never a personal API key);
 * none for a route any signed-in user or key of theirs may call (docs/product.md#access).
 */
const securedFor = (options: ScopeOptions): Array<Record<string, string[]>> => {
  const roles = options.admin ? ['admin'] : options.sessionOnly ? ['session'] : []
  return [{ bearer: roles }, { cookie: roles }]
}

export interface ScopeOptions {
  /** only users with the admin role: anyone else gets 403 (and never with an API key) */
  admin?: boolean
  /**
   * key management and account calls: the browser session only, a personal API key gets 403
   * (docs/decisions/0065-api-keys-hashed-sessions.md)
   */
  sessionOnly?: boolean
}

/**
 * Register routes that need a signed-in user. One hook resolves the user (401 without one; 403 for a
 * non-admin in an admin scope) and sets `req.user`, and every route registered inside is documented as secured
 * in OpenAPI; a route module puts its secured routes in here and its public ones outside.
 *
 * The user's check comes before the request's body, params and query are validated (a visitor is told to sign
 * in, whatever they sent), after the route's rate limit (so a flood is cut off before it costs a session
 * lookup). An admin scope checks on arrival, before the body is even read: every /api/admin call answers 403
 * to a non-admin, whatever it carries. A personal API key is checked here too (http/api-key-guard.ts).
 */
export function authenticated(
  app: Api,
  db: DbOrTx,
  routes: (scope: Api) => void,
  options: ScopeOptions = {},
): void {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>()
    if (!scope.hasRequestDecorator('user')) scope.decorateRequest('user', null as unknown as SessionUser)
    const keysAllowed = !options.admin && !options.sessionOnly
    const security = securedFor(options)
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: route.schema?.security ?? security }
      // documented as rate limited (429) when keys, and so the key budget, apply (http/openapi.ts)
      if (keysAllowed) route.config = { ...route.config, apiKeyBudget: true } as typeof route.config
    })
    scope.addHook(options.admin ? 'onRequest' : 'preValidation', async (req, reply) => {
      const user = await currentUser(db, req)
      if (!user) throw unauthorized()
      req.user = user
      guardApiKey(scope.apiKeyLimiter, reply, user, keysAllowed)
      if (options.admin && user.role !== 'admin') throw forbidden()
    })
    routes(scope)
  })
}
