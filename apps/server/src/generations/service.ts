import {
  GENERATION_TYPES,
  type Generation,
  type GenerationsQuery,
  type JobCounts,
  type LineageResponse,
  MAX_STATUS_IDS,
  type UserStats,
} from '@parti/contract'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { emitUserEvent } from '../db/repos/events.ts'
import {
  decodeCursor,
  findOwnGeneration,
  generationsByIds,
  jobCounts,
  LINEAGE_LIMIT,
  lineageIds,
  listGenerations,
  recentCompletedJobs,
  totals,
} from '../db/repos/generations.ts'
import { generations } from '../db/schema.ts'
import { AppError, notFound } from '../domain/errors.ts'
import { ESTIMATE_SCAN, type Estimate, estimatesFrom } from '../domain/estimates.ts'
import { COUNTER_OF } from '../domain/jobs.ts'
import type { JobQueue } from '../jobs/queue.ts'
import { toGeneration } from '../jobs/serialize.ts'
import type { StatusCache } from '../jobs/status-cache.ts'
import { isUuid } from '../lib/ids.ts'
import type { StorageService } from '../storage/service.ts'

/**
 * A user's generations as the gallery and the waiting screens see them: listing, status, favourites, soft
 * deletion and counts. Another user's ids are not found, always, as if they did not exist.
 */
export class GenerationService {
  constructor(
    private readonly db: Db,
    private readonly storage: StorageService,
    private readonly queue: JobQueue,
    /** answers of `status`, kept until an event for the user invalidates them (runtime.ts wires that) */
    private readonly statusCache: StatusCache,
  ) {}

  async list(
    userId: string,
    query: GenerationsQuery,
  ): Promise<{ generations: Generation[]; nextCursor: string | null }> {
    const after = query.cursor ? decodeCursor(query.cursor) : null
    if (query.cursor && !after)
      throw new AppError('validation_failed', 'cursor: not a cursor from this API', { field: 'cursor' })
    const { rows, nextCursor } = await listGenerations(this.db, userId, query, after)
    return { generations: rows.map((r) => toGeneration(r, this.storage)), nextCursor }
  }

  /**
   * The status answer for a comma-separated id list, as ready JSON of `{ generations }`: what every waiting
   * browser polls, so a repeated list is answered from the cache without parsing (it was checked when stored).
   */
  async statusJson(userId: string, idList: string): Promise<string> {
    const cached = this.statusCache.get(userId, idList)
    if (cached) return cached
    const stamp = this.statusCache.stamp(userId)
    const ids = [...new Set(idList.split(',').map((s) => s.trim()))].filter(isUuid)
    if (ids.length > MAX_STATUS_IDS) {
      throw new AppError('validation_failed', `ids: at most ${MAX_STATUS_IDS} ids`, { field: 'ids' })
    }
    const rows = await generationsByIds(this.db, userId, ids)
    const json = JSON.stringify({ generations: rows.map((r) => toGeneration(r, this.storage)) })
    this.statusCache.set(userId, idList, json, stamp)
    return json
  }

  async get(userId: string, id: string): Promise<Generation> {
    const row = isUuid(id) ? await findOwnGeneration(this.db, userId, id) : null
    if (!row) throw notFound()
    return toGeneration(row, this.storage)
  }

  /**
   * Soft delete: the row stays, its files are swept later. A job no worker has claimed yet is cancelled and
   * refunded in the same transaction; one already running is left to finish out of sight (the queue only
   * cancels it while it is still pending, so a claim in between cannot be failed under its worker).
   */
  async delete(userId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound()
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(generations)
        .set({ deleted: true, updatedAt: new Date() })
        .where(and(eq(generations.id, id), eq(generations.userId, userId), eq(generations.deleted, false)))
        .returning({ id: generations.id })
      if (!row) throw notFound()
      await this.queue.cancelPending(tx, id)
      await emitUserEvent(tx, userId, 'generation.deleted', { id })
    })
  }

  async setFavorite(userId: string, id: string, favorite: boolean): Promise<Generation> {
    if (!isUuid(id)) throw notFound()
    const [row] = await this.db
      .update(generations)
      .set({ favorite, updatedAt: new Date() })
      .where(and(eq(generations.id, id), eq(generations.userId, userId), eq(generations.deleted, false)))
      .returning()
    if (!row) throw notFound()
    const generation = toGeneration(row, this.storage)
    await this.db.transaction((tx) => emitUserEvent(tx, userId, 'generation.updated', generation))
    return generation
  }

  /**
   * Keep one of a request's variations (docs/product.md#variations): it is picked and its siblings are not.
   * A generation outside a request of variations is refused. Answers the request's variations.
   */
  async pick(userId: string, id: string): Promise<Generation[]> {
    if (!isUuid(id)) throw notFound()
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ batchId: generations.batchId, metadata: generations.metadata })
        .from(generations)
        .where(and(eq(generations.id, id), eq(generations.userId, userId), eq(generations.deleted, false)))
      if (!row) throw notFound()
      if (!row.batchId || !row.metadata.variation)
        throw new AppError('conflict', 'Only one of several variations can be picked')
      const changed = await tx
        .update(generations)
        .set({ picked: sql`${generations.id} = ${id}`, updatedAt: new Date() })
        .where(and(eq(generations.batchId, row.batchId), eq(generations.userId, userId)))
        .returning()
      const shown = changed
        .filter((r) => !r.deleted)
        .sort((a, b) => variationIndex(a) - variationIndex(b))
        .map((r) => toGeneration(r, this.storage))
      for (const g of shown) await emitUserEvent(tx, userId, 'generation.updated', g)
      return shown
    })
  }

  /** The versions tree the result belongs to (docs/decisions/0099-versions-are-a-tree.md). */
  async lineage(userId: string, id: string): Promise<LineageResponse> {
    const nodes = isUuid(id) ? await lineageIds(this.db, userId, id) : []
    if (!nodes.length) throw notFound()
    const depth = new Map(nodes.map((n) => [n.id, Number(n.depth)]))
    const rows = await generationsByIds(this.db, userId, [...depth.keys()])
    rows.sort(
      (a, b) =>
        depth.get(a.id)! - depth.get(b.id)! ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.id.localeCompare(b.id),
    )
    return {
      rootId: rows[0]!.id,
      generations: rows.map((r) => toGeneration(r, this.storage)),
      truncated: nodes.length >= LINEAGE_LIMIT,
    }
  }

  /** Jobs in progress per counter of the stats screen, and the gallery's totals. */
  async stats(userId: string): Promise<UserStats> {
    const [counts, sums] = await Promise.all([jobCounts(this.db, userId), totals(this.db, userId)])
    const inProgress: JobCounts = { chatEdit: 0, video: 0, sketchRender: 0, homeStaging: 0 }
    for (const c of counts) {
      if ((GENERATION_TYPES as readonly string[]).includes(c.generationType)) {
        inProgress[COUNTER_OF[c.generationType as keyof typeof COUNTER_OF]] += Number(c.n)
      }
    }
    const totalInProgress = Object.values(inProgress).reduce((a, b) => a + b, 0)
    return { inProgress, totalInProgress, totals: sums }
  }

  /**
   * Time estimates for the creation screens, from the user's own recent jobs. A kind without history is absent
   * and the screen shows its plain default.
   */
  async estimates(userId: string): Promise<Estimate[]> {
    return estimatesFrom(await recentCompletedJobs(this.db, userId, ESTIMATE_SCAN))
  }
}

const variationIndex = (r: { metadata: Record<string, unknown> }) =>
  (r.metadata.variation as { index?: number } | undefined)?.index ?? 0
