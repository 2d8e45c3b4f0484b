import {
  FavoriteRequest,
  GENERATION_TYPES,
  GenerationResponse,
  GenerationsQuery,
  GenerationsResponse,
  IdParams,
  type JobCounts,
  MAX_STATUS_IDS,
  OkResponse,
  StatsResponse,
  StatusQuery,
  StatusResponse,
  TransactionsQuery,
  TransactionsResponse,
} from '@parti/contract'
import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppContext } from '../context.ts'
import { listTransactions } from '../db/repos/credits.ts'
import { emitUserEvent } from '../db/repos/events.ts'
import {
  decodeCursor,
  findOwnGeneration,
  generationsByIds,
  jobCounts,
  listGenerations,
  totals,
} from '../db/repos/generations.ts'
import { generations } from '../db/schema.ts'
import { AppError, notFound } from '../domain/errors.ts'
import { COUNTER_OF } from '../domain/jobs.ts'
import { JobQueue } from '../jobs/queue.ts'
import { toGeneration } from '../jobs/serialize.ts'
import type { StatusCache } from '../jobs/status-cache.ts'
import { isUuid } from '../lib/ids.ts'
import { requireUser } from './auth.ts'
import { type Api, SECURED } from './types.ts'

const secured = { security: SECURED }

/**
 * spec §7 user calls about generations, stats and the ledger. Another user's ids answer 404, always.
 * The status call is what every waiting browser polls: its answers come from `statusCache` until an event for
 * that user invalidates them.
 */
export const generationRoutes =
  (statusCache: StatusCache) =>
  (app: Api, ctx: AppContext): void => {
    const db = ctx.database.db
    const queue = new JobQueue(ctx.database, ctx.storage)

    app.get(
      '/user/generations',
      {
        schema: {
          tags: ['generations'],
          ...secured,
          querystring: GenerationsQuery,
          response: { 200: GenerationsResponse },
        },
      },
      async (req) => {
        const session = await requireUser(db, req)
        const after = req.query.cursor ? decodeCursor(req.query.cursor) : null
        if (req.query.cursor && !after)
          throw new AppError('validation_failed', 'cursor: not a cursor from this API', { field: 'cursor' })
        const { rows, nextCursor } = await listGenerations(db, session.userId, req.query, after)
        return { generations: rows.map((r) => toGeneration(r, ctx.storage)), nextCursor }
      },
    )

    app.get(
      '/user/generations/status',
      {
        schema: {
          tags: ['generations'],
          ...secured,
          querystring: StatusQuery,
          response: { 200: StatusResponse },
        },
        // polled by every waiting browser: a log line per poll would cost more than the answer
        logLevel: 'warn',
      },
      async (req, reply) => {
        const session = await requireUser(db, req)
        // a browser polls with the same ids string every time: a hit needs no parsing (it was checked when stored)
        let json = statusCache.get(session.userId, req.query.ids)
        if (!json) {
          const stamp = statusCache.stamp(session.userId)
          const ids = [...new Set(req.query.ids.split(',').map((s) => s.trim()))].filter(isUuid)
          if (ids.length > MAX_STATUS_IDS) {
            throw new AppError('validation_failed', `ids: at most ${MAX_STATUS_IDS} ids`, { field: 'ids' })
          }
          const rows = await generationsByIds(db, session.userId, ids)
          const body: z.infer<typeof StatusResponse> = {
            generations: rows.map((r) => toGeneration(r, ctx.storage)),
          }
          json = JSON.stringify(body)
          statusCache.set(session.userId, req.query.ids, json, stamp)
        }
        // already JSON of the documented shape: Fastify sends a JSON string as is, without serialising again
        return reply
          .type('application/json; charset=utf-8')
          .send(json as unknown as z.infer<typeof StatusResponse>)
      },
    )

    app.get(
      '/user/generations/:id',
      {
        schema: {
          tags: ['generations'],
          ...secured,
          params: IdParams,
          response: { 200: GenerationResponse },
        },
      },
      async (req) => {
        const session = await requireUser(db, req)
        const row = isUuid(req.params.id) ? await findOwnGeneration(db, session.userId, req.params.id) : null
        if (!row) throw notFound()
        return { generation: toGeneration(row, ctx.storage) }
      },
    )

    // Soft delete (ARCHITECTURE.md): the row stays, files are swept later. A job not started yet is cancelled
    // and refunded; one already running finishes out of sight.
    app.delete(
      '/user/generations/:id',
      { schema: { tags: ['generations'], ...secured, params: IdParams, response: { 200: OkResponse } } },
      async (req) => {
        const session = await requireUser(db, req)
        const row = isUuid(req.params.id) ? await findOwnGeneration(db, session.userId, req.params.id) : null
        if (!row) throw notFound()
        if (row.status === 'pending') {
          await queue.fail(row.id, null, { error: 'Cancelled', code: 'cancelled' })
        }
        await db.transaction(async (tx) => {
          await tx
            .update(generations)
            .set({ deleted: true, updatedAt: new Date() })
            .where(and(eq(generations.id, row.id), eq(generations.userId, session.userId)))
          await emitUserEvent(tx, session.userId, 'generation.deleted', { id: row.id })
        })
        return { success: true as const }
      },
    )

    app.patch(
      '/user/generations/:id/favorite',
      {
        schema: {
          tags: ['generations'],
          ...secured,
          params: IdParams,
          body: FavoriteRequest,
          response: { 200: GenerationResponse },
        },
      },
      async (req) => {
        const session = await requireUser(db, req)
        if (!isUuid(req.params.id)) throw notFound()
        const [row] = await db
          .update(generations)
          .set({ favorite: req.body.favorite, updatedAt: new Date() })
          .where(
            and(
              eq(generations.id, req.params.id),
              eq(generations.userId, session.userId),
              eq(generations.deleted, false),
            ),
          )
          .returning()
        if (!row) throw notFound()
        const generation = toGeneration(row, ctx.storage)
        await db.transaction((tx) => emitUserEvent(tx, session.userId, 'generation.updated', generation))
        return { generation }
      },
    )

    app.get(
      '/user/stats',
      { schema: { tags: ['generations'], ...secured, response: { 200: StatsResponse } } },
      async (req) => {
        const session = await requireUser(db, req)
        const [counts, sums] = await Promise.all([jobCounts(db, session.userId), totals(db, session.userId)])
        const inProgress: JobCounts = { chatEdit: 0, video: 0, sketchRender: 0, homeStaging: 0 }
        for (const c of counts) {
          if ((GENERATION_TYPES as readonly string[]).includes(c.generationType)) {
            inProgress[COUNTER_OF[c.generationType as keyof typeof COUNTER_OF]] += Number(c.n)
          }
        }
        const totalInProgress = Object.values(inProgress).reduce((a, b) => a + b, 0)
        return { stats: { inProgress, totalInProgress, totals: sums } }
      },
    )

    app.get(
      '/user/credits/transactions',
      {
        schema: {
          tags: ['credits'],
          ...secured,
          querystring: TransactionsQuery,
          response: { 200: TransactionsResponse },
        },
      },
      async (req) => {
        const session = await requireUser(db, req)
        const rows = await listTransactions(db, session.userId, req.query.limit)
        return {
          transactions: rows.map((t) => ({
            id: t.id,
            kind: t.kind as never,
            amount: t.amount,
            balanceAfter: t.balanceAfter,
            description: t.description,
            generationId: t.generationId,
            createdAt: t.createdAt.toISOString(),
          })),
        }
      },
    )
  }
