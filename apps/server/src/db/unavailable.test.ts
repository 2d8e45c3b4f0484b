import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './unavailable.ts'

describe('a database that cannot be reached', () => {
  it('is told apart from a bad query, also when a query builder wraps the error', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
    expect(isDatabaseUnavailable(refused)).toBe(true)
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('shutting down'), { code: '57P01' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('too many clients'), { code: '53300' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('bad'), { code: '42P01' }))).toBe(false)
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
  })
})
