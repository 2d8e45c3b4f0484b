import { and, asc, eq, getTableColumns, is, isNotNull, type SQL, sql } from 'drizzle-orm'
import { type AnyPgColumn, getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx, Tx } from '../client.ts'
import * as schema from '../schema.ts'

// The rows of one user, for the data rights of docs/product.md#data-rights: every table is found from the
// schema itself, so a table added later with a user_id column is exported and deleted without a change here.

/** A table that holds rows of one user: its SQL name and its user column. */
export interface UserTable {
  name: string
  table: PgTable
  userColumn: AnyPgColumn
}

/** Every table of the schema with a `user_id` column, plus `users` itself (by its id). */
export function userTables(): UserTable[] {
  const out: UserTable[] = []
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue
    const { name } = getTableConfig(value)
    const column =
      value === schema.users
        ? schema.users.id
        : Object.values(getTableColumns(value)).find((c) => c.name === 'user_id')
    if (column) out.push({ name, table: value, userColumn: column as AnyPgColumn })
  }
  return out
}

/** The folder of a user's files in the blob store (storage/service.ts userKey). */
export const userFolder = (userId: string): string => `users/${userId}/`

/**
 * Delete every row of a user in the caller's transaction (docs/decisions/0073-account-deletion-order.md): each
 * table's rows by its user column, the user row last, and a blob_deletions row for the user's folder so the
 * files go after the commit even if this process dies right then. Answers the rows deleted per table.
 */
export async function deleteUserRows(tx: Tx, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  const tables = userTables()
  // children before parents, the user row last: no foreign key needs a cascade to get there
  const order = (t: UserTable) => (t.table === schema.users ? 2 : t.table === schema.conversations ? 1 : 0)
  for (const t of [...tables].sort((a, b) => order(a) - order(b))) {
    const rows = await tx.delete(t.table).where(eq(t.userColumn, userId)).returning({ one: sql`1` })
    counts[t.name] = rows.length
  }
  await scheduleBlobDeletion(tx, userFolder(userId))
  return counts
}

/**
 * List a folder for the blob deletion sweep (account/deletion.ts), in the caller's transaction: the one that
 * deletes the rows pointing into it, or ends the job that was writing it.
 */
export async function scheduleBlobDeletion(tx: DbOrTx, prefix: string): Promise<void> {
  await tx.insert(schema.blobDeletions).values({ prefix }).onConflictDoNothing()
}

/** The folders waiting to be emptied, oldest first. */
export function pendingBlobDeletions(db: DbOrTx, limit = 50) {
  return db.select().from(schema.blobDeletions).orderBy(asc(schema.blobDeletions.createdAt)).limit(limit)
}

export async function markBlobDeletion(
  db: DbOrTx,
  prefix: string,
  outcome: { cleared: true } | { cleared: false; error: string },
): Promise<void> {
  await db
    .update(schema.blobDeletions)
    .set({
      attempts: sql`${schema.blobDeletions.attempts} + 1`,
      ...(outcome.cleared ? { clearedAt: new Date(), lastError: null } : { lastError: outcome.error }),
    })
    .where(eq(schema.blobDeletions.prefix, prefix))
}

/**
 * Forget the folders emptied again after `windowMs` past their deletion: by then no job that was running when
 * the account went can still write into them.
 */
export async function forgetClearedBlobDeletions(db: DbOrTx, windowMs: number): Promise<void> {
  const t = schema.blobDeletions
  await db
    .delete(t)
    .where(
      and(
        isNotNull(t.clearedAt),
        sql`${t.clearedAt} > ${t.createdAt} + ${windowMs} * interval '1 millisecond'`,
      ),
    )
}

type Keyed = PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn }

/**
 * Page through a user's rows of a table oldest first by (created_at, id), `size` at a time, so an export
 * never holds a whole history in memory. The cursor keeps PostgreSQL's microseconds (db/repos/generations.ts
 * says why a JavaScript Date would not do).
 */
export async function* pagesOf(
  db: DbOrTx,
  table: Keyed,
  where: SQL,
  size = 500,
): AsyncGenerator<Record<string, unknown>[]> {
  const cursorAt = sql<string>`to_char(${table.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
  let after: { at: string; id: unknown } | null = null
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${table.createdAt}, ${table.id}) > (${after.at}::timestamptz, ${after.id})`
      : undefined
    const found = (await db
      .select({ row: getTableColumns(table), cursorAt })
      .from(table as PgTable)
      .where(keyset ? and(where, keyset) : where)
      .orderBy(asc(table.createdAt), asc(table.id))
      .limit(size)) as Array<{ row: Record<string, unknown>; cursorAt: string }>
    if (found.length) yield found.map((f) => f.row)
    if (found.length < size) return
    const last = found[found.length - 1]!
    after = { at: last.cursorAt, id: last.row.id }
  }
}

/** The session column read for re-authentication: when this browser session signed in. */
export async function sessionCreatedAt(db: DbOrTx, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: schema.sessions.createdAt })
    .from(schema.sessions)
    .where(eq(schema.sessions.id, sessionId))
  return row?.createdAt ?? null
}
