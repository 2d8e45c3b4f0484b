import { describe, expect, it } from 'vitest'
import { type BatchTally, tallyBatch } from './batches'

const job = (status: 'completed' | 'failed', batchId: string | null = 'b1', batchSize = 3) => ({
  batchId,
  status,
  metadata: { batchSize },
})

describe('multi-angle batch notices', () => {
  it('waits for every angle, then reports how many succeeded', () => {
    const t = new Map<string, BatchTally>()
    expect(tallyBatch(t, job('completed'))).toEqual({ done: false, ok: 1, total: 3 })
    expect(tallyBatch(t, job('failed'))).toEqual({ done: false, ok: 1, total: 3 })
    expect(tallyBatch(t, job('completed'))).toEqual({ done: true, ok: 2, total: 3 })
    expect(t.size).toBe(0)
  })
  it('leaves single jobs alone', () => {
    expect(tallyBatch(new Map(), job('completed', null))).toBeNull()
    expect(tallyBatch(new Map(), job('completed', 'b', 1))).toBeNull()
  })
})
