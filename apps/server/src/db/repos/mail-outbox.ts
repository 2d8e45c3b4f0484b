import {
  MAIL_KINDS_WITH_EXPIRING_LINKS,
  type MailKind,
  type MailStatus,
  mailCanBeResent,
  type OutboxItem,
} from '@parti/contract'
import { and, desc, eq, lt, notInArray, or, sql } from 'drizzle-orm'
import { uuidv7 } from '../../lib/ids.ts'
import { type DbOrTx, rowsOf } from '../client.ts'
import { mailOutbox } from '../schema.ts'

export const MAIL_CHANNEL = 'parti_mail'
export type OutboxRow = typeof mailOutbox.$inferSelect

export interface NewMail {
  userId: string | null
  kind: MailKind
  language: string
  to: string
  replyTo?: string | undefined
  subject: string
  text: string
  html: string
}

/**
 * Queue a rendered message, inside the caller's transaction when it has one: the mail exists exactly when
 * the change it reports committed, and NOTIFY wakes a mail worker at that commit.
 */
export async function insertMail(db: DbOrTx, mail: NewMail): Promise<string> {
  const id = uuidv7()
  await db.insert(mailOutbox).values({ id, ...mail, replyTo: mail.replyTo ?? null })
  await db.execute(sql`select pg_notify(${MAIL_CHANNEL}, ${id})`)
  return id
}

/**
 * Claim the next due message for sending (docs/decisions/0068-mail-outbox-table.md): a queued one whose time
 * has come, or one left `sending` by a worker whose lease ran out. SKIP LOCKED lets any number of workers
 * claim at once without taking the same row; the claim counts the attempt.
 */
export async function claimMail(
  db: DbOrTx,
  leaseSeconds: number,
  maxAttempts: number,
): Promise<OutboxRow | null> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update mail_outbox m
         set status = 'sending', attempts = m.attempts + 1,
             lease_until = now() + make_interval(secs => ${leaseSeconds})
       where m.id = (select id from mail_outbox
                      where (status = 'queued' and next_attempt_at <= now())
                         or (status = 'sending' and lease_until < now() and attempts < ${maxAttempts})
                      order by next_attempt_at, id
                      for update skip locked
                      limit 1)
      returning m.id`),
  )
  const id = rows[0]?.id
  if (!id) return null
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
  return row ?? null
}

/**
 * The outcome of an attempt is written only while the row is still that attempt's (`sending` with the same
 * attempt count): a worker whose lease ran out and whose message another worker took over writes nothing.
 */
const stillMine = (row: Pick<OutboxRow, 'id' | 'attempts'>) =>
  and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, row.attempts))

export async function markSent(
  db: DbOrTx,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  messageId: string,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), messageId, lastError: null, leaseUntil: null })
    .where(stillMine(row))
}

/** A failed attempt: back in the queue for `retryAt`, or failed for good when no attempts are left. */
export async function markAttemptFailed(
  db: DbOrTx,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  reason: string,
  retryAt: Date,
  maxAttempts: number,
): Promise<'retry' | 'failed'> {
  const final = row.attempts >= maxAttempts
  await db
    .update(mailOutbox)
    .set(
      final
        ? { status: 'failed', lastError: reason, leaseUntil: null }
        : { status: 'queued', lastError: reason, leaseUntil: null, nextAttemptAt: retryAt },
    )
    .where(stillMine(row))
  return final ? 'failed' : 'retry'
}

/**
 * Messages left `sending` whose lease ran out with no attempts left (their worker died on the last one) are
 * failed, so nothing stays `sending` for ever.
 */
export async function sweepExhaustedMail(db: DbOrTx, maxAttempts: number): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({
      status: 'failed',
      lastError: sql`coalesce(${mailOutbox.lastError}, 'the sending worker stopped')`,
    })
    .where(
      and(
        eq(mailOutbox.status, 'sending'),
        lt(mailOutbox.leaseUntil, sql`now()`),
        sql`${mailOutbox.attempts} >= ${maxAttempts}`,
      ),
    )
    .returning({ id: mailOutbox.id })
  return rows.length
}

/**
 * Sent messages older than `keepDays` leave the outbox (MAIL_KEEP_DAYS): the outbox is a delivery log, not
 * an archive of what users were told. Failed and queued messages stay until an administrator has seen them.
 */
export async function pruneSentMail(db: DbOrTx, keepDays: number): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'sent'),
        lt(mailOutbox.sentAt, sql`now() - make_interval(days => ${keepDays})`),
      ),
    )
    .returning({ id: mailOutbox.id })
  return rows.length
}

/**
 * A failed message queued again by an administrator (docs/admin.md#outbox), with its attempts counted from
 * zero; a message carrying an expiring link is never sent again. Null when the row is not a failed,
 * resendable message (any more: two administrators clicking at once queue it once).
 */
export async function requeueFailedMail(db: DbOrTx, id: string): Promise<OutboxRow | null> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, lastError: null, leaseUntil: null })
    .where(
      and(
        eq(mailOutbox.id, id),
        eq(mailOutbox.status, 'failed'),
        notInArray(mailOutbox.kind, [...MAIL_KINDS_WITH_EXPIRING_LINKS]),
      ),
    )
    .returning()
  const row = rows[0] ?? null
  if (row) await db.execute(sql`select pg_notify(${MAIL_CHANNEL}, ${row.id})`)
  return row
}

/** When the next queued message is due, so the worker sleeps exactly until then. */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const rows = rowsOf<{ at: Date | string | null }>(
    await db.execute(sql`select min(next_attempt_at) as at from mail_outbox where status = 'queued'`),
  )
  const at = rows[0]?.at
  return at ? new Date(at) : null
}

/** A row as the admin outbox shows it; `maxAttempts` is the workers' setting. */
export const toOutboxItem = (r: OutboxRow, maxAttempts: number): OutboxItem => ({
  id: r.id,
  kind: r.kind as MailKind,
  to: r.to,
  subject: r.subject,
  language: r.language,
  status: r.status as MailStatus,
  attempts: r.attempts,
  maxAttempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  nextAttemptAt: r.nextAttemptAt.toISOString(),
  resendable: r.status === 'failed' && mailCanBeResent(r.kind as MailKind),
})

/** Newest first, `limit` at a time; the cursor is the last item's `createdAt|id`. */
export async function listMail(
  db: DbOrTx,
  q: { status?: MailStatus | undefined; cursor?: string | undefined; limit: number },
  maxAttempts: number,
): Promise<{ items: OutboxItem[]; nextCursor: string | null }> {
  const conditions = []
  if (q.status) conditions.push(eq(mailOutbox.status, q.status))
  if (q.cursor) {
    const [at, id] = q.cursor.split('|')
    const when = new Date(at ?? '')
    if (id && !Number.isNaN(when.getTime())) {
      conditions.push(
        or(lt(mailOutbox.createdAt, when), and(eq(mailOutbox.createdAt, when), lt(mailOutbox.id, id))),
      )
    }
  }
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(q.limit + 1)
  const page = rows.slice(0, q.limit)
  const last = page[page.length - 1]
  return {
    items: page.map((r) => toOutboxItem(r, maxAttempts)),
    nextCursor: rows.length > q.limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
  }
}

export async function findMail(db: DbOrTx, id: string): Promise<OutboxRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
  return row ?? null
}
