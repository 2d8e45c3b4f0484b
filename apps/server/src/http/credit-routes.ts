import { TransactionsFilter, TransactionsQuery, TransactionsResponse } from '@parti/contract'
import { ledgerCsv, toTransaction } from '../account/ledger.ts'
import type { AppContext } from '../context.ts'
import { decodeLedgerCursor, listTransactions } from '../db/repos/credits.ts'
import { AppError } from '../domain/errors.ts'
import { authenticated } from './auth-scope.ts'
import type { Api } from './types.ts'

/**
 * The credit history (docs/product.md#credit-history): the ledger a page at a time, filtered by kind and
 * time, and the same as a CSV download.
 */
export function creditRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db
  const tags = ['credits']

  authenticated(app, db, (api) => {
    api.get(
      '/user/credits/transactions',
      {
        schema: {
          operationId: 'listCreditTransactions',
          summary: 'Your credit ledger, newest first, filterable',
          tags,
          querystring: TransactionsQuery,
          response: { 200: TransactionsResponse },
        },
      },
      async (req) => {
        const { cursor, ...filter } = req.query
        const after = cursor ? decodeLedgerCursor(cursor) : null
        if (cursor && !after) throw new AppError('validation_failed', 'Invalid cursor', { field: 'cursor' })
        const page = await listTransactions(db, req.user.userId, filter, after)
        return { transactions: page.rows.map(toTransaction), nextCursor: page.nextCursor }
      },
    )

    api.get(
      '/user/credits/transactions.csv',
      {
        schema: {
          operationId: 'downloadCreditTransactions',
          summary: 'Your credit ledger as CSV',
          tags,
          querystring: TransactionsFilter,
          otherResponses: { 200: { description: 'The ledger as CSV, streamed', contentType: 'text/csv' } },
        },
      },
      async (req, reply) => {
        const day = new Date().toISOString().slice(0, 10)
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="parti-credits-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(ledgerCsv(db, req.user.userId, req.query) as never)
      },
    )
  })
}
