import { type CreditTransactionKind, KINDS, type Kind } from '@parti/contract'
import { and, desc, eq, sql } from 'drizzle-orm'
import { AppError } from '../../domain/errors.ts'
import { chargeOf, JOB_LEDGER_KINDS } from '../../domain/jobs.ts'
import { uuidv7 } from '../../lib/ids.ts'
import type { DbOrTx, Tx } from '../client.ts'
import { creditTransactions, generations, users } from '../schema.ts'
import { emitUserEvent } from './events.ts'

export interface CreditChange {
  userId: string
  /** positive adds credits, negative takes them */
  amount: number
  /** the change to the credits on hold (a hold adds, a capture or release takes away); 0 by default */
  held?: number
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
    held: change.held ?? 0,
    balanceAfter: row.credits,
    description: change.description,
    generationId: change.generationId ?? null,
    externalRef: change.externalRef ?? null,
  })
  // a capture moves nothing the balance shows
  if (change.amount !== 0)
    await emitUserEvent(tx, change.userId, 'balance.changed', { credits: row.credits, change: change.amount })
  return row.credits
}

/** Hold a job's price as it is accepted (docs/product.md#credit-holds): the balance shows it as taken. */
export function holdForJob(tx: Tx, job: { userId: string; generationId: string; mode: Kind; cost: number }) {
  return changeCredits(tx, {
    userId: job.userId,
    amount: -job.cost,
    held: job.cost,
    kind: 'hold',
    description: KINDS[job.mode].ledger,
    generationId: job.generationId,
  })
}

/**
 * Settle a job's open hold as it ends (docs/decisions/0062-credits-held-then-captured.md), in the transaction
 * that ends it, which holds the job's row lock: capture what was delivered, release `undelivered` of it (at
 * most what is still held). The open hold is read from the ledger itself, so a job settled once has nothing
 * left to settle: a second call, whatever path it comes by, writes nothing.
 */
export async function settleHold(
  tx: Tx,
  job: { userId: string; generationId: string; mode: string },
  undelivered: number,
  releaseReason: string,
): Promise<{ captured: number; released: number }> {
  const [open] = await tx
    .select({ held: sql<number>`coalesce(sum(${creditTransactions.held}), 0)::int` })
    .from(creditTransactions)
    .where(eq(creditTransactions.generationId, job.generationId))
  const held = Number(open?.held ?? 0)
  if (held <= 0) return { captured: 0, released: 0 }
  const released = Math.min(held, Math.max(0, undelivered))
  const captured = held - released
  const what = KINDS[job.mode as Kind]?.ledger ?? job.mode
  const base = { userId: job.userId, generationId: job.generationId }
  if (captured > 0)
    await changeCredits(tx, { ...base, amount: 0, held: -captured, kind: 'capture', description: what })
  if (released > 0)
    await changeCredits(tx, {
      ...base,
      amount: released,
      held: -released,
      kind: 'release',
      description: `${what}: not charged (${releaseReason})`,
    })
  return { captured, released }
}

/** The newest ledger rows, each job's row with where that job's credits stand (docs/product.md#credit-holds). */
export async function listTransactions(db: DbOrTx, userId: string, limit: number) {
  const rows = await db
    .select({
      t: creditTransactions,
      status: generations.status,
      cost: generations.creditsCost,
      refunded: generations.creditsRefunded,
    })
    .from(creditTransactions)
    .leftJoin(generations, eq(generations.id, creditTransactions.generationId))
    .where(eq(creditTransactions.userId, userId))
    .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
    .limit(limit)
  return rows.map(({ t, status, cost, refunded }) => ({
    ...t,
    charge:
      status !== null && cost !== null && refunded !== null && JOB_LEDGER_KINDS.has(t.kind)
        ? chargeOf(status, cost, refunded).charge
        : null,
  }))
}
