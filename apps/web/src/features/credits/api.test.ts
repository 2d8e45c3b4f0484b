import { describe, expect, it } from 'vitest'
import { csvUrl, ledgerQuery } from './api'

describe('credit history filter', () => {
  it('turns whole days in the browser time zone into the instants the API takes, the end exclusive', () => {
    const q = ledgerQuery({ kind: 'refund', fromDay: '2026-03-01', toDay: '2026-03-31' })
    expect(q.kind).toBe('refund')
    expect(new Date(q.from!).getTime()).toBe(new Date(2026, 2, 1).getTime())
    // the whole of the last day is in: up to the start of the next one
    expect(new Date(q.to!).getTime()).toBe(new Date(2026, 3, 1).getTime())
  })

  it('leaves out what is not set, in the query and in the CSV link', () => {
    expect(ledgerQuery({})).toEqual({ kind: undefined, from: undefined, to: undefined })
    expect(csvUrl({})).toBe('/api/user/credits/transactions.csv')
    expect(csvUrl({ kind: 'grant' })).toBe('/api/user/credits/transactions.csv?kind=grant')
  })
})
