import type { CreditTransactionKind } from '@parti/contract'
import { and, desc, eq, sql } from 'drizzle-orm'
import { AppError } from '../../domain/errors.ts'
import { uuidv7 } from '../../lib/ids.ts'
import type { DbOrTx, Tx } from '../client.ts'
import { creditTransactions, users } from '../schema.ts'
import { emitUserEvent } from './events.ts'

export interface CreditChange {
  userId: string
  /** positive adds credits, negative takes them */
  amount: number
  kind: CreditTransactionKind
  description: string
  generationId?: string | null
  externalRef?: string | null
}

/**
 * The one way a balance changes (docs/decisions/0006-debit-at-acceptance-refund-on-failure.md): a conditional
 * update that can never take the balance below zero, and its ledger row, in the caller's transaction.
 * Concurrent debits serialise on the user's row, so they can never overspend. Throws insufficient_credits
 * (402) with required and available.
 */
export async function changeCredits(tx: Tx, change: CreditChange): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${change.amount}`, updatedAt: new Date() })
    .where(and(eq(users.id, change.userId), sql`${users.credits} + ${change.amount} >= 0`))
    .returning({ credits: users.credits })
  if (!row) {
    const [current] = await tx
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, change.userId))
    if (!current) throw new AppError('not_found')
    throw new AppError('insufficient_credits', 'Insufficient credits', {
      required: -change.amount,
      available: current.credits,
    })
  }
  await tx.insert(creditTransactions).values({
    id: uuidv7(),
    userId: change.userId,
    kind: change.kind,
    amount: change.amount,
    balanceAfter: row.credits,
    description: change.description,
    generationId: change.generationId ?? null,
    externalRef: change.externalRef ?? null,
  })
  await emitUserEvent(tx, change.userId, 'balance.changed', { credits: row.credits, change: change.amount })
  return row.credits
}

export async function listTransactions(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(limit)
}
