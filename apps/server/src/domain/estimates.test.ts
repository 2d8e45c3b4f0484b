import { describe, expect, it } from 'vitest'
import { estimatesFrom, type FinishedJob } from './estimates.ts'

const at = (s: number) => new Date(1_700_000_000_000 + s * 1000)
const job = (mode: string, engine: string | null, wait: number | null): FinishedJob => ({
  mode,
  engine,
  createdAt: at(0),
  completedAt: wait === null ? null : at(wait),
})

describe('time estimates from finished jobs', () => {
  it('has none without history', () => {
    expect(estimatesFrom([])).toEqual([])
  })
  it('takes the middle wait of an odd count and the mean of the two middle ones of an even count', () => {
    expect(
      estimatesFrom([job('sketch', 'local', 9), job('sketch', 'local', 1), job('sketch', 'local', 4)]),
    ).toEqual([{ mode: 'sketch', engine: 'local', medianMs: 4000, samples: 3 }])
    expect(estimatesFrom([job('inpaint', 'fal', 1), job('inpaint', 'fal', 2)])).toEqual([
      { mode: 'inpaint', engine: 'fal', medianMs: 1500, samples: 2 },
    ])
  })
  it('keeps each kind and engine apart, counting only the newest twenty of each', () => {
    const rows = [
      ...Array.from({ length: 20 }, () => job('sketch', 'local', 3)),
      job('sketch', 'local', 300),
      job('sketch', 'replicate', 60),
    ]
    expect(estimatesFrom(rows)).toEqual([
      { mode: 'sketch', engine: 'local', medianMs: 3000, samples: 20 },
      { mode: 'sketch', engine: 'replicate', medianMs: 60000, samples: 1 },
    ])
  })
  it('never counts a negative wait (clocks of two processes)', () => {
    expect(estimatesFrom([job('animate', 'local', -5)])[0]!.medianMs).toBe(0)
  })
})
