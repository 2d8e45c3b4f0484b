import type { Generation } from '@parti/contract'

export interface BatchTally {
  ok: number
  failed: number
}

/**
 * Multi-angle: one notice for the whole request ("N of M angles succeeded",
 * docs/product.md#multi-angle-batch), not one per angle. Returns null for a job that is not part of a batch,
 * else the tally so far and whether the batch is done.
 */
export function tallyBatch(
  tallies: Map<string, BatchTally>,
  g: Pick<Generation, 'batchId' | 'status' | 'metadata'>,
): { done: boolean; ok: number; total: number } | null {
  const total = Number(g.metadata?.batchSize ?? 0)
  if (!g.batchId || !(total > 1)) return null
  const t = tallies.get(g.batchId) ?? { ok: 0, failed: 0 }
  if (g.status === 'completed') t.ok++
  else t.failed++
  tallies.set(g.batchId, t)
  const done = t.ok + t.failed >= total
  if (done) tallies.delete(g.batchId)
  return { done, ok: t.ok, total }
}
