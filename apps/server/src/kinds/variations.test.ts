import { DEFAULT_SEED, SEED_FAMILIES } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import type { NewJob, RenderPlan } from './types.ts'
import { withVariations } from './variations.ts'

const job = (kind: 'sketch' | 'multi-angle'): NewJob => ({
  mode: kind,
  task: { kind, prompt: 'a house' },
  cost: 20,
  userPrompt: 'a house',
  enhancedPrompt: 'a house',
  inputKeys: ['k'],
  metadata: { width: 10 },
})
const plan = (kind: 'sketch' | 'multi-angle'): RenderPlan => ({ jobs: [job(kind)], batchId: null })

describe('withVariations (docs/decisions/0097-variations-one-hold-many-jobs.md)', () => {
  it('one variation: the plain job with the default seed, no request id, its own hold', () => {
    const one = withVariations(plan('sketch'), undefined)
    expect(one.jobs).toHaveLength(1)
    expect(one.jobs[0]).toMatchObject({ seed: DEFAULT_SEED, task: { seed: DEFAULT_SEED } })
    expect(one.batchId).toBeNull()
    expect(one.holdTogether).toBeUndefined()
  })

  it('four: the default seed first, then seeds of three other families, one request held together', () => {
    // a draw that keeps offering the same family: only seeds of new families are taken
    const offered = [5, 9, 13, 6, 10, 7, DEFAULT_SEED, 8]
    const four = withVariations(plan('sketch'), 4, () => offered.shift()!)
    expect(four.jobs.map((j) => j.seed)).toEqual([DEFAULT_SEED, 5, 6, 7])
    expect(new Set(four.jobs.slice(1).map((j) => j.seed! % SEED_FAMILIES)).size).toBe(3)
    expect(four.jobs.map((j) => j.metadata.variation)).toEqual(
      [0, 1, 2, 3].map((index) => ({ index, count: 4 })),
    )
    expect(four.jobs.every((j) => (j.task as { seed?: number }).seed === j.seed)).toBe(true)
    expect(four.batchId).toMatch(/^[0-9a-f-]{36}$/)
    expect(four.holdTogether).toBe(true)
  })

  it('refuses several of a kind that makes one result per request', () => {
    expect(() => withVariations(plan('multi-angle'), 2)).toThrow(/variations/)
    expect(withVariations(plan('multi-angle'), 1).jobs[0]!.seed).toBeUndefined()
  })
})
