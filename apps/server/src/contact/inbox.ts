import { type InboxItem, type InboxStatus, LANGUAGES, type Language } from '@parti/contract'
import { and, count, desc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { Db, DbOrTx } from '../db/client.ts'
import { contactMessages } from '../db/schema.ts'
import { notFound } from '../domain/errors.ts'
import { enqueueMail } from '../mail/outbox.ts'

type Row = typeof contactMessages.$inferSelect

const toItem = (r: Row): InboxItem => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  language: r.language,
  userId: r.userId,
  createdAt: r.createdAt.toISOString(),
  handledAt: r.handledAt?.toISOString() ?? null,
  reply: r.reply,
  repliedAt: r.repliedAt?.toISOString() ?? null,
})

/** The contact and demo requests, newest first, open or handled (docs/admin.md#inbox). */
export async function listInbox(
  db: DbOrTx,
  q: { status?: InboxStatus | undefined; cursor?: string | undefined; limit: number },
): Promise<{ items: InboxItem[]; nextCursor: string | null; open: number }> {
  const conditions = []
  if (q.status === 'open') conditions.push(isNull(contactMessages.handledAt))
  if (q.status === 'handled') conditions.push(isNotNull(contactMessages.handledAt))
  if (q.cursor) {
    const [at, id] = q.cursor.split('|')
    const when = new Date(at ?? '')
    if (id && !Number.isNaN(when.getTime()))
      conditions.push(
        or(
          lt(contactMessages.createdAt, when),
          and(eq(contactMessages.createdAt, when), lt(contactMessages.id, id)),
        ),
      )
  }
  const rows = await db
    .select()
    .from(contactMessages)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(q.limit + 1)
  const [waiting] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(isNull(contactMessages.handledAt))
  const page = rows.slice(0, q.limit)
  const last = page[page.length - 1]
  return {
    items: page.map(toItem),
    nextCursor: rows.length > q.limit && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
    open: Number(waiting?.n ?? 0),
  }
}

/** Mark a request handled, or open again. */
export async function setHandled(
  db: DbOrTx,
  id: string,
  adminId: string,
  handled: boolean,
): Promise<InboxItem> {
  const [row] = await db
    .update(contactMessages)
    .set(handled ? { handledAt: new Date(), handledBy: adminId } : { handledAt: null, handledBy: null })
    .where(eq(contactMessages.id, id))
    .returning()
  if (!row) throw notFound()
  return toItem(row)
}

/**
 * Answer a request by mail, in the language the sender wrote from, quoting their message; the answer is kept
 * on the request and the request marked handled, in the transaction that queues the mail.
 */
export async function replyToRequest(
  db: Db,
  id: string,
  adminId: string,
  text: string,
  replyTo: string | null,
): Promise<InboxItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update')
    if (!row) throw notFound()
    const language = (LANGUAGES as readonly string[]).includes(row.language?.slice(0, 2) ?? '')
      ? (row.language!.slice(0, 2) as Language)
      : 'en'
    await enqueueMail(tx, {
      to: row.email,
      userId: row.userId,
      language,
      content: {
        kind: 'contact-reply',
        name: row.name,
        subject: row.subject,
        message: row.message,
        reply: text,
        replyTo,
      },
    })
    const now = new Date()
    const [updated] = await tx
      .update(contactMessages)
      .set({
        reply: text,
        repliedAt: now,
        handledAt: row.handledAt ?? now,
        handledBy: row.handledBy ?? adminId,
      })
      .where(eq(contactMessages.id, id))
      .returning()
    return toItem(updated!)
  })
}
