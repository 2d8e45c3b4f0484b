import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { Redis } from 'ioredis'
import type { Database } from '../db/client.ts'

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void

/** What @fastify/rate-limit hands a store's child: the route's merged limit options with the route itself. */
interface RouteLimit {
  routeInfo?: { method?: string; url?: string }
}

/**
 * The rate limits' counters in the database (docs/decisions/0086-rate-limits-shared.md), so every API process
 * counts the same requests: a fixed window per key, one upsert per request. Used when there is no Redis
 * (REDIS_URL); expired rows are cleared now and then.
 */
function pgRateLimitStore(database: Database) {
  let calls = 0
  const sweep = () => {
    if (++calls % 500 !== 0) return
    void database.query(`delete from rate_limits where reset_at < now() - interval '1 hour'`).catch(() => {})
  }
  class Store {
    // the plugin constructs the store with its global options; a route's child gets its own key prefix
    constructor(
      _options?: unknown,
      readonly prefix = 'rl:',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      sweep()
      database
        .query<{ count: number; ttl: number }>(
          `insert into rate_limits (key, count, reset_at)
                values ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
           on conflict (key) do update set
                count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
                reset_at = case when rate_limits.reset_at <= now()
                                then now() + make_interval(secs => $2::float8 / 1000)
                                else rate_limits.reset_at end
           returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`,
          [this.prefix + key, timeWindow],
        )
        .then(
          (rows) => cb(null, { current: Number(rows[0]!.count), ttl: Number(rows[0]!.ttl) }),
          (err) => cb(err as Error),
        )
    }

    read(key: string, cb: Callback) {
      database
        .query<{ count: number; ttl: number }>(
          `select count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl
             from rate_limits where key = $1 and reset_at > now()`,
          [this.prefix + key],
        )
        .then(
          (rows) =>
            cb(
              null,
              rows[0] ? { current: Number(rows[0].count), ttl: Number(rows[0].ttl) } : { current: 0, ttl: 0 },
            ),
          (err) => cb(err as Error),
        )
    }

    child(options: unknown) {
      const route = (options as RouteLimit).routeInfo ?? {}
      return new Store(null, `${this.prefix}${route.method ?? ''}${route.url ?? ''}:`)
    }
  }
  return Store
}

/** A named counter over a window, for a limit a route checks itself (a second key beside its route limit). */
interface AttemptCounter {
  /** counts one attempt under `key`; answers the count in the current window and the ms until it ends */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>
  /** the count in the current window without adding to it */
  peek(key: string): Promise<{ count: number; ttlMs: number }>
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the shared counters behind limits a route checks itself (http/rate-limit-store.ts) */
    attempts: AttemptCounter
  }
}

/**
 * The rate limits of this process: @fastify/rate-limit's store option and a counter for limits a route checks
 * itself, both in Redis when REDIS_URL is set and in the database otherwise. A store that cannot answer lets the
 * request through (a Redis outage must not take sign-in down with it).
 */
export function rateLimits(
  database: Database,
  redisUrl: string | undefined,
  onClose: (f: () => Promise<unknown>) => void,
) {
  if (!redisUrl) {
    const Store = pgRateLimitStore(database)
    const store = new Store(null, 'rl:attempts:')
    const attempts: AttemptCounter = {
      peek: (key) =>
        new Promise((resolve) =>
          store.read(key, (err, res) =>
            resolve(err || !res ? { count: 0, ttlMs: 0 } : { count: res.current, ttlMs: res.ttl }),
          ),
        ),
      hit: (key, windowMs) =>
        new Promise((resolve, reject) =>
          store.incr(
            key,
            (err, res) => (err || !res ? reject(err) : resolve({ count: res.current, ttlMs: res.ttl })),
            windowMs,
          ),
        ),
    }
    // its type wants Fastify's full route options for child(); at run time it passes the merged limit options
    return { plugin: { store: Store as unknown as FastifyRateLimitStoreCtor, skipOnError: true }, attempts }
  }
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    connectTimeout: 2000,
  })
  redis.on('error', () => {})
  onClose(() => redis.quit().catch(() => redis.disconnect()))
  const attempts: AttemptCounter = {
    async peek(key) {
      const k = `parti-rl:attempts:${key}`
      try {
        const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [
          [null, string | null],
          [null, number],
        ]
        return { count: Number(count ?? 0), ttlMs: Math.max(0, ttl) }
      } catch {
        return { count: 0, ttlMs: 0 }
      }
    },
    async hit(key, windowMs) {
      const k = `parti-rl:attempts:${key}`
      try {
        const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [
          [null, number],
          [null, number],
        ]
        if (count === 1 || ttl < 0) await redis.pexpire(k, windowMs)
        return { count, ttlMs: ttl < 0 ? windowMs : ttl }
      } catch {
        // Redis away: the limit lets the attempt through rather than refusing everyone
        return { count: 0, ttlMs: 0 }
      }
    },
  }
  return { plugin: { redis, nameSpace: 'parti-rl:', skipOnError: true }, attempts }
}
