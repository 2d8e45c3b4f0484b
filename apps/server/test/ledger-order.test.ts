import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeCredits, decodeLedgerCursor, listTransactions } from '../src/db/repos/credits.ts'
import { Api } from './helpers/client.ts'
import { PG_URL } from './helpers/database.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// The credit history lists rows in the order they were written (docs/product.md#credit-history), so each
// row's balance follows from the one before it, even when two debits race.
let server: TestServer
let userId: string

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_CREDITS: '100' } })
  const api = new Api(server.url)
  userId = (await api.signUp()).user.uid
})
afterAll(() => server.close())

const debit = (amount: number, description: string) => ({
  userId,
  amount: -amount,
  kind: 'debit' as const,
  description,
})

/** newest first, as the history shows it: each row's balance is the next older row's plus its amount */
function expectChained(rows: Array<{ amount: number; balanceAfter: number }>) {
  for (let i = 0; i + 1 < rows.length; i++) {
    expect(rows[i]!.balanceAfter, JSON.stringify(rows)).toBe(rows[i + 1]!.balanceAfter + rows[i]!.amount)
  }
}

describe('the ledger is listed in the order it was written', () => {
  it('debits one after another in one transaction keep their order', async () => {
    await server.ctx.database.db.transaction(async (tx) => {
      await changeCredits(tx, debit(1, 'first'))
      await changeCredits(tx, debit(2, 'second'))
      await changeCredits(tx, debit(3, 'third'))
    })
    const page = await listTransactions(server.ctx.database.db, userId, { limit: 50 })
    expect(page.rows.slice(0, 3).map((r) => r.description)).toEqual(['third', 'second', 'first'])
    expectChained(page.rows)
  })

  // PGlite has one connection, so two transactions never overlap there; on PostgreSQL they do
  it.skipIf(!PG_URL)(
    'a debit whose transaction began first but waited for the balance is listed after the one it waited for',
    async () => {
      const db = server.ctx.database.db
      let startedFirst!: () => void
      const firstStarted = new Promise<void>((r) => {
        startedFirst = r
      })
      let letFirstGoOn!: () => void
      const firstMayGoOn = new Promise<void>((r) => {
        letFirstGoOn = r
      })
      const early = db.transaction(async (tx) => {
        // the transaction's clock (now()) starts here, before the other debit
        await tx.execute(sql`select now()`)
        startedFirst()
        await firstMayGoOn
        await new Promise((r) => setTimeout(r, 20))
        await changeCredits(tx, debit(5, 'began first, written second'))
      })
      await firstStarted
      await db.transaction(async (tx) => {
        await changeCredits(tx, debit(7, 'began second, written first'))
      })
      letFirstGoOn()
      await early
      const page = await listTransactions(db, userId, { limit: 50 })
      expect(page.rows.slice(0, 2).map((r) => r.description)).toEqual([
        'began first, written second',
        'began second, written first',
      ])
      expectChained(page.rows)
      // the paging cursor walks the same order
      const first = await listTransactions(db, userId, { limit: 1 })
      const second = await listTransactions(db, userId, { limit: 1 }, decodeLedgerCursor(first.nextCursor!))
      expect([first.rows[0]!.description, second.rows[0]!.description]).toEqual([
        'began first, written second',
        'began second, written first',
      ])
    },
  )

  it('debits racing in parallel come back chained', async () => {
    const before = await listTransactions(server.ctx.database.db, userId, { limit: 50 })
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        server.ctx.database.db.transaction((tx) => changeCredits(tx, debit(1, `race ${i}`))),
      ),
    )
    const after = await listTransactions(server.ctx.database.db, userId, { limit: 50 })
    expect(after.rows.length).toBe(before.rows.length + 6)
    expectChained(after.rows)
  })
})
