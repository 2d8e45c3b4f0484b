import { Readable } from 'node:stream'
import type { CreditTransaction } from '@parti/contract'
import type { DbOrTx } from '../db/client.ts'
import { type LedgerFilter, ledgerPages, type listTransactions } from '../db/repos/credits.ts'
import { csvLine } from '../domain/csv.ts'

type LedgerRow = Awaited<ReturnType<typeof listTransactions>>['rows'][number]

/** A ledger row as the API shows it (docs/product.md#credit-history). */
export const toTransaction = (t: LedgerRow): CreditTransaction => ({
  id: t.id,
  kind: t.kind as CreditTransaction['kind'],
  amount: t.amount,
  held: t.held,
  charge: t.charge,
  balanceAfter: t.balanceAfter,
  description: t.description,
  generationId: t.generationId,
  mode: t.mode,
  createdAt: t.createdAt.toISOString(),
})

const HEADER = ['date', 'kind', 'description', 'amount', 'held', 'balance_after', 'generation_id', 'mode']

/**
 * The whole filtered ledger as CSV, newest first, written a page at a time (docs/decisions/0075-ledger-csv.md):
 * a UTF-8 byte order mark so spreadsheets read accents and Arabic right, then one line per row.
 */
export function ledgerCsv(db: DbOrTx, userId: string, filter: LedgerFilter): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(`\uFEFF${csvLine(HEADER)}`)
      for await (const page of ledgerPages(db, userId, filter)) {
        const text = page
          .map((t) =>
            csvLine([
              t.createdAt.toISOString(),
              t.kind,
              t.description,
              t.amount,
              t.held,
              t.balanceAfter,
              t.generationId,
              t.mode,
            ]),
          )
          .join('')
        yield Buffer.from(text)
      }
    })(),
    { objectMode: false },
  )
}
