import type { EventPayload, EventType } from '@parti/contract'
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../client.ts'
import { userEvents } from '../schema.ts'

export const EVENTS_CHANNEL = 'parti_events'
// NOTIFY payloads are limited to 8000 bytes; bigger events travel by id and are read back by the listener
const MAX_INLINE_PAYLOAD = 7000

/** An event as stored and passed on; its payload was typed by its type when it was emitted. */
export interface UserEvent {
  id: number
  userId: string
  type: EventType
  payload: unknown
}

/**
 * Record an event for a user and NOTIFY listeners, inside the caller's transaction: both happen at commit,
 * together with the change that caused them (PostgreSQL delivers the notification only if it commits).
 *
 * A user's events are numbered in commit order: the transaction-scoped lock makes a second writer for the same
 * user wait until the first commits before taking its id. Without it two workers could commit ids 106 then 105,
 * and a stream that had sent 106 (or a browser resuming from it) would never see 105.
 */
export async function emitUserEvent<T extends EventType>(
  tx: Tx,
  userId: string,
  type: T,
  payload: EventPayload<T>,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${userId}))`)
  const [row] = await tx.insert(userEvents).values({ userId, type, payload }).returning({ id: userEvents.id })
  const id = Number(row!.id)
  const full = JSON.stringify({ id, userId, type, payload })
  const message = full.length <= MAX_INLINE_PAYLOAD ? full : JSON.stringify({ id, userId, type, ref: true })
  await tx.execute(notify(message))
  return id
}

/** The message goes as a query parameter, never spliced into the SQL text. */
function notify(message: string) {
  return sql`select pg_notify(${EVENTS_CHANNEL}, ${message})`
}

/** Progress is not worth a row: it is sent to live listeners only and a resumed stream skips it. */
export async function notifyTransient<T extends EventType>(
  db: DbOrTx,
  userId: string,
  type: T,
  payload: EventPayload<T>,
) {
  const message = JSON.stringify({ id: 0, userId, type, payload })
  if (message.length <= MAX_INLINE_PAYLOAD) await db.execute(notify(message))
}

export async function eventsSince(
  db: DbOrTx,
  userId: string,
  afterId: number,
  limit = 500,
): Promise<UserEvent[]> {
  const rows = await db
    .select()
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), gt(userEvents.id, afterId)))
    .orderBy(asc(userEvents.id))
    .limit(limit)
  return rows.map((r) => ({
    id: Number(r.id),
    userId: r.userId,
    type: r.type as EventType,
    payload: r.payload,
  }))
}

export async function eventById(db: DbOrTx, id: number): Promise<UserEvent | null> {
  const [r] = await db.select().from(userEvents).where(eq(userEvents.id, id))
  return r ? { id: Number(r.id), userId: r.userId, type: r.type as EventType, payload: r.payload } : null
}

export async function pruneEvents(db: DbOrTx, olderThan: Date): Promise<void> {
  await db.delete(userEvents).where(lt(userEvents.createdAt, olderThan))
}
