import { entitlements } from '@parti/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SessionUser } from '../auth/sessions.ts'
import { AppError } from '../domain/errors.ts'

type Limiter = ReturnType<FastifyInstance['createRateLimit']>

declare module 'fastify' {
  interface FastifyInstance {
    /** the per-key request budget of personal API keys (installApiKeyLimit) */
    apiKeyLimiter: Limiter | null
  }
}

/**
 * One budget per API key over the whole API (docs/product.md#api-keys), in the rate limiter the routes already
 * use: a minute's window of `perMinute` requests, keyed by the key's id.
 */
export function installApiKeyLimit(app: FastifyInstance, perMinute: number): void {
  app.decorate(
    'apiKeyLimiter',
    app.createRateLimit({
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (req) => `api-key:${req.user?.sessionId ?? ''}`,
    }),
  )
}

/**
 * What a request made with a personal API key must pass before its route runs
 * (docs/decisions/0065-api-keys-hashed-sessions.md): the route takes keys at all (key management, account and
 * admin calls do not), the plan includes API access now (a lapsed plan suspends its keys), and the key's
 * budget is not spent (429 with Retry-After). A browser session passes untouched.
 */
export async function guardApiKey(
  limiter: Limiter | null | undefined,
  req: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser,
  keysAllowed: boolean,
): Promise<void> {
  if (user.tokenKind !== 'api_key') return
  if (!keysAllowed) throw new AppError('api_key_not_allowed')
  if (!entitlements(user, new Date()).apiAccess) throw new AppError('api_access_required')
  if (!limiter) return
  const verdict = await limiter(req)
  if (verdict.isAllowed) return
  reply.header('x-ratelimit-limit', verdict.max)
  reply.header('x-ratelimit-remaining', verdict.remaining)
  if (verdict.isExceeded) {
    reply.header('retry-after', verdict.ttlInSeconds)
    throw new AppError('rate_limited', 'Too many requests with this API key', {
      retryAfterSeconds: verdict.ttlInSeconds,
    })
  }
}
