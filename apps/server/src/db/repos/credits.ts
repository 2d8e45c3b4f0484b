import { type CreditTransactionKind, KINDS, type Kind } from '@parti/contract'
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
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
  /** a hold taken once for a request's variations (docs/decisions/0097-variations-one-hold-many-jobs.md) */
  requestId?: string | null
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
    // the moment of insertion, taken after the user's row lock above, not the transaction's start (now()):
    // a debit whose transaction began first but waited for the lock is listed after the one it waited for,
    // so the history's balances follow one another (docs/product.md#credit-history)
    createdAt: sql`clock_timestamp()`,
    userId: change.userId,
    kind: change.kind,
    amount: change.amount,
    held: change.held ?? 0,
    balanceAfter: row.credits,
    description: change.description,
    generationId: change.generationId ?? null,
    requestId: change.requestId ?? null,
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
 * Hold the total of a request's variations at once (docs/decisions/0097-variations-one-hold-many-jobs.md): one
 * ledger row under the request id; each variation then captures or releases its own price as it ends.
 */
export function holdForRequest(
  tx: Tx,
  req: { userId: string; requestId: string; mode: Kind; cost: number; description?: string },
) {
  return changeCredits(tx, {
    userId: req.userId,
    amount: -req.cost,
    held: req.cost,
    kind: 'hold',
    description: req.description ?? KINDS[req.mode].ledger,
    requestId: req.requestId,
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
  job: { userId: string; generationId: string; mode: string; batchId?: string | null; cost?: number },
  undelivered: number,
  releaseReason: string,
): Promise<{ captured: number; released: number }> {
  const [open] = await tx
    .select({ held: sql<number>`coalesce(sum(${creditTransactions.held}), 0)::int` })
    .from(creditTransactions)
    .where(eq(creditTransactions.generationId, job.generationId))
  // a variation held with its request: its price is open until its own capture or release takes it
  const [shared] = job.batchId
    ? await tx
        .select({ id: creditTransactions.id })
        .from(creditTransactions)
        .where(and(eq(creditTransactions.requestId, job.batchId), eq(creditTransactions.kind, 'hold')))
    : []
  const held = Number(open?.held ?? 0) + (shared ? (job.cost ?? 0) : 0)
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

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A page's place in the ledger: the last row's time (with PostgreSQL's microseconds) and id. */
export function decodeLedgerCursor(cursor: string): { at: string; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|')
  if (!at || !id || !CURSOR_TIME.test(at) || Number.isNaN(Date.parse(at)) || !UUID.test(id)) return null
  return { at, id }
}
const encodeLedgerCursor = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url')

export interface LedgerFilter {
  kind?: CreditTransactionKind
  from?: string
  to?: string
}

/**
 * A page of the ledger, newest first, each job's row with where that job's credits stand
 * (docs/product.md#credit-holds, docs/product.md#credit-history): filtered by kind and time, by keyset after
 * `after` (decodeLedgerCursor), on the (user_id, created_at, id) index.
 */
export async function listTransactions(
  db: DbOrTx,
  userId: string,
  filter: LedgerFilter & { limit: number },
  after: { at: string; id: string } | null = null,
) {
  const t = creditTransactions
  const where = [eq(t.userId, userId)]
  if (filter.kind) where.push(eq(t.kind, filter.kind))
  if (filter.from) where.push(gte(t.createdAt, new Date(filter.from)))
  if (filter.to) where.push(lt(t.createdAt, new Date(filter.to)))
  if (after) where.push(sql`(${t.createdAt}, ${t.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`)
  const rows = await db
    .select({
      t,
      cursorAt: sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      status: generations.status,
      mode: generations.mode,
      cost: generations.creditsCost,
      refunded: generations.creditsRefunded,
    })
    .from(t)
    .leftJoin(generations, eq(generations.id, t.generationId))
    .where(and(...where))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(filter.limit + 1)
  const more = rows.length > filter.limit
  const page = more ? rows.slice(0, filter.limit) : rows
  const last = page[page.length - 1]
  return {
    rows: page.map(({ t, status, mode, cost, refunded }) => ({
      ...t,
      mode: mode as Kind | null,
      charge:
        status !== null && cost !== null && refunded !== null && JOB_LEDGER_KINDS.has(t.kind)
          ? chargeOf(status, cost, refunded).charge
          : null,
    })),
    nextCursor: more && last ? encodeLedgerCursor(last.cursorAt, last.t.id) : null,
  }
}

/** Every ledger row of the filter, newest first, a page at a time (the CSV download). */
export async function* ledgerPages(db: DbOrTx, userId: string, filter: LedgerFilter, size = 500) {
  let after: { at: string; id: string } | null = null
  for (;;) {
    const page = await listTransactions(db, userId, { ...filter, limit: size }, after)
    if (page.rows.length) yield page.rows
    if (!page.nextCursor) return
    after = decodeLedgerCursor(page.nextCursor)
  }
}
