import { EstimatesResponse, type GenerationMode } from '@parti/contract'
import { and, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppContext } from '../context.ts'
import { generations } from '../db/schema.ts'
import { requireUser } from './auth.ts'
import { type Api, SECURED } from './types.ts'

type Estimate = z.infer<typeof EstimatesResponse>['estimates'][number]

/** How many of the user's newest jobs are read, and how many per kind and engine make the median. */
const SCAN = 200
const PER_KIND = 20

export interface FinishedJob {
  mode: string
  engine: string | null
  createdAt: Date
  completedAt: Date | null
}

/**
 * DECISIONS (processing times): the median wait, from the request to the result, of the newest completed
 * jobs of each kind and engine. Rows come newest first; at most PER_KIND of each pair count.
 */
export function estimatesFrom(rows: FinishedJob[]): Estimate[] {
  const waits = new Map<string, number[]>()
  for (const r of rows) {
    if (!r.engine || !r.completedAt) continue
    const key = `${r.mode}\u0000${r.engine}`
    const list = waits.get(key) ?? []
    if (list.length < PER_KIND) list.push(Math.max(0, r.completedAt.getTime() - r.createdAt.getTime()))
    waits.set(key, list)
  }
  return [...waits].map(([key, list]) => {
    const [mode, engine] = key.split('\u0000') as [GenerationMode, string]
    const sorted = [...list].sort((a, b) => a - b)
    const mid = sorted.length >> 1
    const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
    return { mode, engine, medianMs: Math.round(median), samples: list.length }
  })
}

/**
 * `GET /api/user/estimates`: time estimates for the creation screens, from the user's own recent jobs (read
 * through the gallery's index, so it stays cheap however large the table grows). A kind without history is
 * absent and the screen shows its plain default.
 */
export function estimateRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db
  app.get(
    '/user/estimates',
    { schema: { tags: ['generations'], security: SECURED, response: { 200: EstimatesResponse } } },
    async (req) => {
      const session = await requireUser(db, req)
      const rows = await db
        .select({
          mode: generations.mode,
          engine: generations.engine,
          status: generations.status,
          createdAt: generations.createdAt,
          completedAt: generations.completedAt,
        })
        .from(generations)
        .where(and(eq(generations.userId, session.userId), eq(generations.deleted, false)))
        .orderBy(desc(generations.createdAt), desc(generations.id))
        .limit(SCAN)
      return { estimates: estimatesFrom(rows.filter((r) => r.status === 'completed')) }
    },
  )
}
