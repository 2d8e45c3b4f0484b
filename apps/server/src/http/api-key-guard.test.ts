import { describe, expect, it } from 'vitest'
import { KeyBudget } from './api-key-guard.ts'

// docs/decisions/0078-api-key-budget-counted-in-process.md

describe('the per-key budget', () => {
  it('allows perMinute requests a key in a window of a minute from its first, then says when to come back', () => {
    let now = 1_000_000
    const budget = new KeyBudget(3, () => now)
    expect([1, 2, 3].map(() => budget.take('a').allowed)).toEqual([true, true, true])
    now += 15_000
    expect(budget.take('a')).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 45 })
    // another key has its own budget
    expect(budget.take('b').allowed).toBe(true)
    now += 45_000
    expect(budget.take('a')).toMatchObject({ allowed: true, remaining: 2 })
  })
})
