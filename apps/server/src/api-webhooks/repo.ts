import type { CallbackDelivery } from '@parti/contract'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, rowsOf } from '../db/client.ts'
import { callbackDeliveries, sessions } from '../db/schema.ts'
import { uuidv7 } from '../lib/ids.ts'

// The deliveries table of job webhooks (docs/decisions/0077-job-webhooks-standard-webhooks.md): a row waits
// with its job, is made due in the transaction that ends the job, and is claimed by a worker like a job is.

export interface Callback {
  userId: string
  /** the API key that started the jobs: its secret signs the deliveries */
  keyId: string
  url: string
}

/** In the transaction that creates the jobs: one waiting delivery per job, so none can end unannounced. */
export async function awaitJobs(tx: DbOrTx, callback: Callback, generationIds: string[]): Promise<void> {
  if (!generationIds.length) return
  const now = Date.now()
  await tx.insert(callbackDeliveries).values(
    generationIds.map((generationId, i) => ({
      id: uuidv7(now + i),
      userId: callback.userId,
      keyId: callback.keyId,
      generationId,
      url: callback.url,
      status: 'waiting',
    })),
  )
}

/** In the transaction that ends a job (completed or failed): its delivery is due now, with this body. */
export async function jobEnded(tx: DbOrTx, generationId: string, body: string): Promise<void> {
  await tx
    .update(callbackDeliveries)
    .set({ status: 'pending', body, readyAt: sql`now()`, nextAttemptAt: sql`now()` })
    .where(and(eq(callbackDeliveries.generationId, generationId), eq(callbackDeliveries.status, 'waiting')))
}

export interface DueDelivery {
  id: string
  url: string
  body: string
  attempts: number
  readyAt: Date
  secret: string | null
}

/**
 * Claim up to `limit` due deliveries for `leaseMs` (FOR UPDATE SKIP LOCKED: workers never take the same one),
 * counting the attempt, with the signing secret of their key (null: the key was revoked).
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<DueDelivery[]> {
  const claimed = rowsOf<{
    id: string
    url: string
    body: string
    attempts: number
    ready_at: Date | string
    key_id: string | null
  }>(
    await db.execute(sql`
      update callback_deliveries d
         set locked_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = d.attempts + 1
       where d.id in (select id from callback_deliveries
                       where status = 'pending' and next_attempt_at <= now()
                         and (locked_until is null or locked_until < now())
                       order by next_attempt_at
                       for update skip locked
                       limit ${limit})
      returning d.id, d.url, d.body, d.attempts, d.ready_at, d.key_id`),
  )
  if (!claimed.length) return []
  const keyIds = claimed.map((c) => c.key_id).filter((k): k is string => Boolean(k))
  const secrets = keyIds.length
    ? await db
        .select({ id: sessions.id, secret: sessions.webhookSecret })
        .from(sessions)
        .where(inArray(sessions.id, keyIds))
    : []
  const secretOf = new Map(secrets.map((s) => [s.id, s.secret]))
  return claimed.map((c) => ({
    id: c.id,
    url: c.url,
    body: c.body,
    attempts: c.attempts,
    readyAt: new Date(c.ready_at),
    secret: (c.key_id && secretOf.get(c.key_id)) || null,
  }))
}

export type Outcome =
  | { kind: 'delivered'; statusCode: number }
  | { kind: 'retry'; statusCode: number | null; error: string | null; at: Date }
  | { kind: 'failed'; statusCode: number | null; error: string | null }

/** Record an attempt's outcome and let the row go. */
export async function recordAttempt(db: Db, id: string, outcome: Outcome): Promise<void> {
  await db
    .update(callbackDeliveries)
    .set({
      lockedUntil: null,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.kind === 'delivered' ? null : outcome.error,
      ...(outcome.kind === 'delivered'
        ? { status: 'delivered', deliveredAt: sql`now()`, nextAttemptAt: null }
        : outcome.kind === 'retry'
          ? { nextAttemptAt: outcome.at }
          : { status: 'failed', nextAttemptAt: null }),
    })
    .where(eq(callbackDeliveries.id, id))
}

/** The user's last deliveries, newest first, for the API page's log. */
export async function listDeliveries(db: Db, userId: string, limit: number): Promise<CallbackDelivery[]> {
  const rows = await db
    .select()
    .from(callbackDeliveries)
    .where(eq(callbackDeliveries.userId, userId))
    .orderBy(desc(callbackDeliveries.createdAt), desc(callbackDeliveries.id))
    .limit(limit)
  return rows.map((r) => ({
    id: r.id,
    generationId: r.generationId,
    url: r.url,
    status: r.status as CallbackDelivery['status'],
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
  }))
}
