import type { CheckoutSession, PlanName, Subscription, SubscriptionType } from '@parti/contract'
import { and, desc, eq, lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { checkoutSessions, subscriptions } from '../db/schema.ts'
import type { SubscriptionFacts, SubscriptionRecordStatus } from '../domain/subscriptions.ts'

export type CheckoutRow = typeof checkoutSessions.$inferSelect
export type SubscriptionRow = typeof subscriptions.$inferSelect

export async function findCheckout(db: DbOrTx, id: string): Promise<CheckoutRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id))
  return row ?? null
}

export async function insertCheckout(db: DbOrTx, row: typeof checkoutSessions.$inferInsert): Promise<void> {
  await db.insert(checkoutSessions).values(row)
}

export async function findSubscription(db: DbOrTx, id: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id))
  return row ?? null
}

export async function userSubscriptions(db: DbOrTx, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
}

/** The built-in provider's subscriptions whose period has run out (the billing clock's work). */
export async function dueLocalSubscriptions(db: DbOrTx, now: Date, limit = 100): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'local'),
        lte(subscriptions.currentPeriodEnd, now),
        sql`${subscriptions.status} <> 'expired'`,
      ),
    )
    .limit(limit)
}

export const toFacts = (row: SubscriptionRow): SubscriptionFacts & { userId: string } => ({
  id: row.id,
  userId: row.userId,
  plan: row.plan as PlanName,
  billingType: row.billingType as SubscriptionType,
  status: row.status as SubscriptionRecordStatus,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  currentPeriodEnd: row.currentPeriodEnd,
})

export const toSubscription = (row: SubscriptionRow): Subscription => ({
  id: row.id,
  provider: row.provider as Subscription['provider'],
  plan: row.plan as PlanName,
  billingType: row.billingType as SubscriptionType,
  status: row.status as Subscription['status'],
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  autoRenewal: row.status === 'active' && !row.cancelAtPeriodEnd,
  currentPeriodEnd: row.currentPeriodEnd.toISOString(),
  createdAt: row.createdAt.toISOString(),
})

export const toCheckoutSession = (row: CheckoutRow): CheckoutSession => ({
  id: row.id,
  provider: row.provider as CheckoutSession['provider'],
  mode: row.mode as CheckoutSession['mode'],
  status: row.status as CheckoutSession['status'],
  payment_status: row.paymentStatus as CheckoutSession['payment_status'],
  amount_total: row.amountCents,
  currency: 'eur',
  credits: row.credits,
  plan: (row.plan as PlanName | null) ?? null,
  billingType: (row.billingType as SubscriptionType | null) ?? null,
  subscription: row.providerSubscriptionId,
  createdAt: row.createdAt.toISOString(),
})
