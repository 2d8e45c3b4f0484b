import type { EstimatesResponse, GenerationMode } from '@parti/contract'
import type { z } from 'zod'

export type Estimate = z.infer<typeof EstimatesResponse>['estimates'][number]

/** How many of a user's newest jobs are read for estimates, and how many per kind and engine make the median. */
export const ESTIMATE_SCAN = 200
const PER_KIND = 20

export interface FinishedJob {
  mode: string
  engine: string | null
  createdAt: Date
  completedAt: Date | null
}

/**
 * The median wait, from the request to the result, of the newest completed jobs of each kind and engine: what
 * this user's jobs took lately on the engine that runs them, rather than a fixed figure that is wrong for every
 * engine but one. Rows come newest first; at most PER_KIND of each pair count.
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
