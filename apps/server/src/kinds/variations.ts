import { randomInt } from 'node:crypto'
import { DEFAULT_SEED, KINDS, type KindInfo, SEED_FAMILIES } from '@parti/contract'
import { AppError } from '../domain/errors.ts'
import { uuidv7 } from '../lib/ids.ts'
import type { RenderPlan } from './types.ts'

/**
 * A request for several variations (docs/product.md#variations): its one planned job made `count` times, each
 * with a seed of its own, grouped under one request id and held as one total
 * (docs/decisions/0097-variations-one-hold-many-jobs.md). The first keeps DEFAULT_SEED, so one variation is the
 * same as a plain render; the others draw theirs. A single render also records its seed, for "Run again".
 */
export function withVariations(
  plan: RenderPlan,
  count: number | undefined,
  draw: () => number = () => randomInt(1, 2 ** 31 - 1),
): RenderPlan {
  const n = count ?? 1
  const job = plan.jobs[0]
  if (!job) return plan
  const kind: KindInfo = KINDS[job.task.kind]
  if (!kind.variations) {
    if (n > 1)
      throw new AppError('validation_failed', 'variations: this kind makes one result per request', {
        field: 'variations',
      })
    return plan
  }
  // the drawn seeds are of families of their own (SEED_FAMILIES), so no two variations look alike
  const seeds = [DEFAULT_SEED]
  while (seeds.length < n) {
    const s = draw()
    if (s !== DEFAULT_SEED && !seeds.slice(1).some((t) => t % SEED_FAMILIES === s % SEED_FAMILIES))
      seeds.push(s)
  }
  if (n === 1)
    return { ...plan, jobs: [{ ...job, seed: DEFAULT_SEED, task: { ...job.task, seed: DEFAULT_SEED } }] }
  return {
    ...plan,
    batchId: uuidv7(),
    holdTogether: true,
    jobs: seeds.map((seed, index) => ({
      ...job,
      seed,
      task: { ...job.task, seed },
      metadata: { ...job.metadata, variation: { index, count: n } },
    })),
  }
}
