import { apiAccessNow } from '@parti/contract'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { SessionUser } from '../auth/sessions.ts'
import { AppError } from '../domain/errors.ts'

const WINDOW_MS = 60_000
/** Past this many keys seen in a window, the windows that ended are dropped. */
const PRUNE_AT = 10_000

/**
 * One budget per API key over the whole API (docs/product.md#api-keys): `perMinute` requests in a fixed window
 * of a minute from the key's first request in it, counted in this process. Synchronous on purpose: the rate
 * limiter's asynchronous store cost about 10 µs a request, a fifth of the status route by key
 * (docs/decisions/0078-api-key-budget-counted-in-process.md).
 */
export class KeyBudget {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count one request of the key: allowed, or refused with the seconds until its window ends. */
  take(keyId: string): { allowed: boolean; remaining: number; retryAfterSeconds: number } {
    const t = this.now()
    let w = this.windows.get(keyId)
    if (!w || t - w.start >= WINDOW_MS) {
      if (!w && this.windows.size >= PRUNE_AT) this.prune(t)
      w = { start: t, count: 0 }
      this.windows.set(keyId, w)
    }
    w.count++
    return {
      allowed: w.count <= this.perMinute,
      remaining: Math.max(0, this.perMinute - w.count),
      retryAfterSeconds: Math.max(1, Math.ceil((w.start + WINDOW_MS - t) / 1000)),
    }
  }

  private prune(t: number) {
    for (const [key, w] of this.windows) if (t - w.start >= WINDOW_MS) this.windows.delete(key)
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the per-key request budget of personal API keys (installApiKeyLimit) */
    apiKeyLimiter: KeyBudget | null
  }
}

export function installApiKeyLimit(app: FastifyInstance, perMinute: number): void {
  app.decorate('apiKeyLimiter', new KeyBudget(perMinute))
}

/**
 * What a request made with a personal API key must pass before its route runs
 * (docs/decisions/0065-api-keys-hashed-sessions.md): the route takes keys at all (key management, account and
 * admin calls do not), the plan includes API access now (a lapsed plan suspends its keys), and the key's
 * budget is not spent (429 with Retry-After). A browser session passes untouched.
 */
export function guardApiKey(
  budget: KeyBudget | null | undefined,
  reply: FastifyReply,
  user: SessionUser,
  keysAllowed: boolean,
): void {
  if (user.tokenKind !== 'api_key') return
  if (!keysAllowed) throw new AppError('api_key_not_allowed')
  if (!apiAccessNow(user, new Date())) throw new AppError('api_access_required')
  if (!budget) return
  const verdict = budget.take(user.sessionId)
  if (verdict.allowed) return
  reply.header('x-ratelimit-limit', budget.perMinute)
  reply.header('x-ratelimit-remaining', verdict.remaining)
  reply.header('retry-after', verdict.retryAfterSeconds)
  throw new AppError('rate_limited', 'Too many requests with this API key', {
    retryAfterSeconds: verdict.retryAfterSeconds,
  })
}
