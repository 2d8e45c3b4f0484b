import type { GenerationsQuery } from '@parti/contract'
import { and, desc, eq, gte, ilike, inArray, lt, lte, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../client.ts'
import { generations } from '../schema.ts'

export type GenerationRow = typeof generations.$inferSelect

/** Keyset cursor over (created_at, id), newest first: stable while new items arrive, no OFFSET scans. */
export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url')
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|')
  const createdAt = new Date(at ?? '')
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) return null
  return { createdAt, id }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export async function listGenerations(
  db: DbOrTx,
  userId: string,
  q: GenerationsQuery,
  after: { createdAt: Date; id: string } | null,
) {
  const filters = [eq(generations.userId, userId), eq(generations.deleted, false)]
  if (q.generationType) filters.push(eq(generations.generationType, q.generationType))
  if (q.type) filters.push(eq(generations.type, q.type))
  if (q.mode) filters.push(eq(generations.mode, q.mode))
  if (q.favorite === 'true') filters.push(eq(generations.favorite, true))
  if (q.status) filters.push(eq(generations.status, q.status))
  if (q.from) filters.push(gte(generations.createdAt, new Date(q.from)))
  if (q.to) filters.push(lte(generations.createdAt, new Date(q.to)))
  if (q.q?.trim()) filters.push(ilike(generations.userPrompt, `%${escapeLike(q.q.trim())}%`))
  if (after) {
    filters.push(
      or(
        lt(generations.createdAt, after.createdAt),
        and(eq(generations.createdAt, after.createdAt), lt(generations.id, after.id)),
      )!,
    )
  }
  const rows = await db
    .select()
    .from(generations)
    .where(and(...filters))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(q.limit + 1)
  const more = rows.length > q.limit
  const page = more ? rows.slice(0, q.limit) : rows
  return { rows: page, nextCursor: more ? encodeCursor(page[page.length - 1]!) : null }
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
