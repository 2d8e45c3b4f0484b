import { type CreditTransactionKind, TRANSACTIONS_LIMIT } from '@parti/contract'
import { call, queryString } from '../../lib/api'

// The credit history's calls (docs/product.md#credit-history).

export interface LedgerFilter {
  kind?: CreditTransactionKind
  /** the first day shown, YYYY-MM-DD in the user's time zone */
  fromDay?: string
  /** the last day shown, YYYY-MM-DD in the user's time zone */
  toDay?: string
}

/** A day of the date picker as the instant it starts in this browser's time zone. */
const startOf = (day: string) => new Date(`${day}T00:00:00`)

/** The filter as the API takes it: `from` the first day's start, `to` the start of the day after the last. */
export function ledgerQuery(filter: LedgerFilter): {
  kind?: CreditTransactionKind
  from?: string
  to?: string
} {
  const to = filter.toDay ? startOf(filter.toDay) : null
  to?.setDate(to.getDate() + 1)
  return {
    kind: filter.kind,
    from: filter.fromDay ? startOf(filter.fromDay).toISOString() : undefined,
    to: to ? to.toISOString() : undefined,
  }
}

export const ledgerKeys = {
  list: (filter: LedgerFilter) => ['credit-history', filter] as const,
}

export function fetchLedgerPage(filter: LedgerFilter, cursor: string | null, signal?: AbortSignal) {
  return call('GET /user/credits/transactions', {
    query: { ...ledgerQuery(filter), limit: TRANSACTIONS_LIMIT, ...(cursor ? { cursor } : {}) },
    signal,
  })
}

/** The CSV of the same filter: a plain link, so the browser saves it as it streams. */
export function csvUrl(filter: LedgerFilter): string {
  const query = queryString(ledgerQuery(filter))
  return `/api/user/credits/transactions.csv${query ? `?${query}` : ''}`
}
