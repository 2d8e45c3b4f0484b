import type { GenerationsQuery } from '@parti/contract'
import { and, desc, eq, getTableColumns, gte, ilike, inArray, lte, sql } from 'drizzle-orm'
import { type DbOrTx, rowsOf } from '../client.ts'
import { generations } from '../schema.ts'

/**
 * Keyset cursor over (created_at, id), newest first: stable while new items arrive, no OFFSET scans. The time
 * keeps PostgreSQL's microseconds (a JavaScript Date would round them off, and rows written in one statement
 * share a timestamp to the microsecond, so a rounded cursor would skip the rest of such a batch).
 */
function encodeCursor(row: { cursorAt: string; id: string }): string {
  return Buffer.from(`${row.cursorAt}|${row.id}`).toString('base64url')
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/

export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|')
  if (!at || !id || !CURSOR_TIME.test(at) || Number.isNaN(Date.parse(at))) return null
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return null
  return { createdAt: at, id }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The columns a gallery page shows (jobs/serialize.ts ShownGenerationRow): not the job's working state, above
 * all not its payload, which would be read and parsed a hundred times per page for nothing.
 */
const {
  payload: _payload,
  negativePrompt: _negativePrompt,
  priority: _priority,
  maskKey: _maskKey,
  attempts: _attempts,
  maxAttempts: _maxAttempts,
  leaseUntil: _leaseUntil,
  workerId: _workerId,
  runAfter: _runAfter,
  updatedAt: _updatedAt,
  ...shownColumns
} = getTableColumns(generations)

/** created_at in UTC with its microseconds, for the cursor. */
const cursorAt = sql<string>`to_char(${generations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

export async function listGenerations(
  db: DbOrTx,
  userId: string,
  q: GenerationsQuery,
  after: { createdAt: string; id: string } | null,
) {
  const filters = [eq(generations.userId, userId), eq(generations.deleted, false)]
  if (q.generationType) filters.push(eq(generations.generationType, q.generationType))
  if (q.type) filters.push(eq(generations.type, q.type))
  if (q.mode) filters.push(eq(generations.mode, q.mode))
  if (q.favorite === 'true') filters.push(eq(generations.favorite, true))
  if (q.status) filters.push(eq(generations.status, q.status))
  if (q.projectId) filters.push(eq(generations.projectId, q.projectId))
  if (q.batchId) filters.push(eq(generations.batchId, q.batchId))
  if (q.from) filters.push(gte(generations.createdAt, new Date(q.from)))
  if (q.to) filters.push(lte(generations.createdAt, new Date(q.to)))
  if (q.q?.trim()) filters.push(ilike(generations.userPrompt, `%${escapeLike(q.q.trim())}%`))
  // of a request's variations only the one kept, or the first while none is (docs/product.md#variations)
  if (q.variations === 'picked')
    filters.push(sql`(${generations.metadata}->'variation' is null or ${generations.picked} or (
      (${generations.metadata}->'variation'->>'index')::int = 0 and not exists (
        select 1 from generations s
         where s.batch_id = ${generations.batchId} and s.picked and s.deleted = false)))`)
  if (after) {
    // a row comparison is an index condition: a page deep in the past starts at its place in the index
    filters.push(
      sql`(${generations.createdAt}, ${generations.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    )
  }
  const found = await db
    .select({ row: shownColumns, cursorAt })
    .from(generations)
    .where(and(...filters))
    // NULLS LAST as the indexes are declared (drizzle's .desc()); plain DESC means NULLS FIRST, which no
    // index provides, and PostgreSQL would then sort every row of the user to return the first hundred
    .orderBy(sql`${generations.createdAt} desc nulls last`, sql`${generations.id} desc nulls last`)
    .limit(q.limit + 1)
  const more = found.length > q.limit
  const page = more ? found.slice(0, q.limit) : found
  const last = page[page.length - 1]
  return {
    rows: page.map((f) => f.row),
    nextCursor: more && last ? encodeCursor({ cursorAt: last.cursorAt, id: last.row.id }) : null,
  }
}

export async function generationsByIds(db: DbOrTx, userId: string, ids: string[]) {
  if (!ids.length) return []
  return db
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), inArray(generations.id, ids)))
}

export async function findOwnGeneration(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.id, id), eq(generations.userId, userId), eq(generations.deleted, false)))
  return row ?? null
}

export async function jobCounts(db: DbOrTx, userId: string) {
  return db
    .select({ generationType: generations.generationType, n: sql<number>`count(*)::int` })
    .from(generations)
    .where(and(eq(generations.userId, userId), inArray(generations.status, ['pending', 'processing'])))
    .groupBy(generations.generationType)
}

export async function totals(db: DbOrTx, userId: string) {
  const [r] = await db
    .select({
      generations: sql<number>`count(*)::int`,
      images: sql<number>`count(*) filter (where ${generations.type} = 'image')::int`,
      videos: sql<number>`count(*) filter (where ${generations.type} = 'video')::int`,
      favorites: sql<number>`count(*) filter (where ${generations.favorite})::int`,
      completed: sql<number>`count(*) filter (where ${generations.status} = 'completed')::int`,
      failed: sql<number>`count(*) filter (where ${generations.status} = 'failed')::int`,
      creditsSpent: sql<number>`coalesce(sum(${generations.creditsCost} - ${generations.creditsRefunded}), 0)::int`,
    })
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.deleted, false)))
  return r!
}

/**
 * The completed ones among the user's `limit` newest jobs, newest first, with what a time estimate needs; read
 * through the gallery's index, so it stays cheap however large the table grows.
 */
export async function recentCompletedJobs(db: DbOrTx, userId: string, limit: number) {
  const rows = await db
    .select({
      mode: generations.mode,
      engine: generations.engine,
      status: generations.status,
      createdAt: generations.createdAt,
      completedAt: generations.completedAt,
    })
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.deleted, false)))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(limit)
  return rows.filter((r) => r.status === 'completed')
}

/** Most results one versions tree returns (docs/decisions/0099-versions-are-a-tree.md). */
export const LINEAGE_LIMIT = 500

/**
 * The versions tree a result belongs to (docs/decisions/0099-versions-are-a-tree.md): up its sources to the
 * first one still there, then every result made from that one, and from those, down. The user's own, not
 * deleted; a deleted result ends the walk there. Ids with their depth from the root, at most LINEAGE_LIMIT.
 */
export async function lineageIds(db: DbOrTx, userId: string, id: string) {
  const result = await db.execute(sql`
    with recursive up as (
      select g.id, g.source_generation_id, 0 as d from generations g
       where g.id = ${id} and g.user_id = ${userId} and g.deleted = false
      union all
      select g.id, g.source_generation_id, up.d + 1 from generations g
        join up on g.id = up.source_generation_id
       where g.user_id = ${userId} and g.deleted = false and up.d < 200
    ), root as (select id from up order by d desc limit 1),
    down as (
      select g.id, 0 as depth from generations g where g.id = (select id from root)
      union all
      select g.id, down.depth + 1 from generations g
        join down on g.source_generation_id = down.id
       where g.user_id = ${userId} and g.deleted = false and down.depth < 200
    )
    select id, depth from down limit ${LINEAGE_LIMIT}`)
  return rowsOf<{ id: string; depth: number }>(result)
}
