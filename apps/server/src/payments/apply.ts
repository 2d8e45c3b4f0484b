import { and, count, eq, gte, isNull, sql } from 'drizzle-orm'
import { evictSession, SESSIONS_CHANNEL, userEviction } from '../auth/session-cache.ts'
import type { Db, Tx } from '../db/client.ts'
import { changeCredits } from '../db/repos/credits.ts'
import { checkoutSessions, creditTransactions, paymentEvents, subscriptions, users } from '../db/schema.ts'
import { subscriptionPrice } from '../domain/pricing.ts'
import { currentSubscription, userBillingFields } from '../domain/subscriptions.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { type MailContent, mailLanguage } from '../mail/render.ts'
import { findCheckout, toFacts, userSubscriptions } from './repo.ts'
import type { PaymentEffect, PaymentEvent } from './types.ts'

export type ApplyOutcome = 'applied' | 'duplicate'

const PLAN_LABEL = { lite: 'Lite', standard: 'Standard', pro: 'Pro' } as const
const fmt = (n: number) => new Intl.NumberFormat('en').format(n)

/**
 * The one way a payment changes anything (docs/decisions/0037-payment-events-applied-once.md). In a single
 * transaction: the event's id is recorded in payment_events (a repeated event changes nothing), its effects
 * are written, every credit grant is a ledger row keyed by what was paid (checkout:<session> or
 * invoice:<invoice>, so two different events about the same payment still grant once), and the users' profile
 * fields follow their subscriptions.
 */
export async function applyPaymentEvent(
  db: Db,
  event: PaymentEvent,
  now = new Date(),
): Promise<ApplyOutcome> {
  return db.transaction(async (tx) => {
    if (event.id) {
      const recorded = await tx
        .insert(paymentEvents)
        .values({ id: event.id, provider: event.provider, type: event.type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id })
      if (!recorded.length) return 'duplicate'
    }
    const touched = new Set<string>()
    for (const effect of event.effects) await applyEffect(tx, effect, touched)
    for (const userId of touched) await syncUserBilling(tx, userId, now)
    return 'applied'
  })
}

/** Whether an event id was applied already (a cheap check before re-reading anything from the provider). */
export async function eventSeen(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id))
  return !!row
}

async function applyEffect(tx: Tx, effect: PaymentEffect, touched: Set<string>): Promise<void> {
  switch (effect.type) {
    case 'checkout.status':
      return updateCheckout(tx, effect)
    case 'credits.purchased': {
      const row = await findCheckout(tx, effect.sessionId)
      // a one-off payment adds credits only once it is paid
      if (row?.mode !== 'payment' || row.paymentStatus !== 'paid') return
      const euros = (row.amountCents / 100).toFixed(2)
      const granted = await grantOnce(tx, `checkout:${row.id}`, {
        userId: row.userId,
        amount: row.credits,
        kind: 'purchase',
        description: `${fmt(row.credits)} credits bought (EUR ${euros})`,
      })
      // the receipt goes with the ledger entry, once (docs/product.md#mail)
      if (granted) {
        await mailUser(tx, row.userId, {
          kind: 'payment-receipt',
          credits: row.credits,
          amountCents: row.amountCents,
        })
      }
      return
    }
    case 'subscription.synced': {
      const s = effect.subscription
      const [before] = await tx.select().from(subscriptions).where(eq(subscriptions.id, s.id))
      const values = {
        plan: s.plan,
        billingType: s.billingType,
        status: s.status,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        currentPeriodEnd: s.currentPeriodEnd,
        updatedAt: new Date(),
      }
      await tx
        .insert(subscriptions)
        .values({ id: s.id, userId: s.userId, provider: effect.provider, ...values })
        .onConflictDoUpdate({ target: subscriptions.id, set: values })
      touched.add(s.userId)
      // a plan that will not renew, then one that has ended, is told once each (docs/product.md#mail)
      const plan = { name: s.plan, billingType: s.billingType }
      const wasEnding = before ? before.cancelAtPeriodEnd || before.status === 'cancelled' : false
      if (!wasEnding && (s.cancelAtPeriodEnd || s.status === 'cancelled') && s.status !== 'expired') {
        await mailUser(tx, s.userId, { kind: 'subscription-cancelled', plan, endsAt: s.currentPeriodEnd })
      }
      if (before && before.status !== 'expired' && s.status === 'expired') {
        await mailUser(tx, s.userId, { kind: 'subscription-ended', plan })
      }
      return
    }
    case 'subscription.paid': {
      const { creditsPerPeriod, amountCents } = subscriptionPrice(effect.plan, effect.billingType)
      const renewal = await paidBefore(tx, effect.userId, effect.subscriptionId)
      const granted = await grantOnce(tx, `invoice:${effect.invoiceId}`, {
        userId: effect.userId,
        amount: creditsPerPeriod,
        kind: 'subscription',
        description: `${PLAN_LABEL[effect.plan]} plan (${effect.billingType}): ${fmt(creditsPerPeriod)} credits`,
      })
      if (granted) {
        const plan = { name: effect.plan, billingType: effect.billingType }
        const credits = creditsPerPeriod
        await mailUser(
          tx,
          effect.userId,
          renewal
            ? { kind: 'subscription-renewed', plan, credits, amountCents }
            : { kind: 'payment-receipt', plan, credits, amountCents },
        )
      }
      return
    }
    case 'customer.linked':
      await tx
        .update(users)
        .set({ paymentCustomerId: effect.customerId })
        .where(and(eq(users.id, effect.userId), isNull(users.paymentCustomerId)))
      return
  }
}

/**
 * Whether this subscription already had a period paid: a subscription grant of the user since the
 * subscription began (its first invoice is a receipt, the next ones renewals).
 */
async function paidBefore(tx: Tx, userId: string, subscriptionId: string): Promise<boolean> {
  const [sub] = await tx
    .select({ createdAt: subscriptions.createdAt })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
  if (!sub) return false
  const [earlier] = await tx
    .select({ n: count() })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.userId, userId),
        eq(creditTransactions.kind, 'subscription'),
        gte(creditTransactions.createdAt, sub.createdAt),
      ),
    )
  return (earlier?.n ?? 0) > 0
}

/** Queue a payment mail to the user, in their language, in the transaction that wrote the payment. */
async function mailUser(tx: Tx, userId: string, content: MailContent): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) return
  await enqueueMail(tx, { to: user.email, userId, language: mailLanguage(user.language), content })
}

/** A checkout only moves forward: a paid session is never unpaid again, a completed one never reopens. */
async function updateCheckout(tx: Tx, e: Extract<PaymentEffect, { type: 'checkout.status' }>) {
  const row = await findCheckout(tx, e.sessionId)
  if (!row) return
  const status = row.status === 'complete' ? 'complete' : e.status
  const paymentStatus = row.paymentStatus === 'paid' ? 'paid' : e.paymentStatus
  await tx
    .update(checkoutSessions)
    .set({
      status,
      paymentStatus,
      providerSubscriptionId: e.subscriptionId ?? row.providerSubscriptionId,
      completedAt: status === 'complete' ? (row.completedAt ?? new Date()) : row.completedAt,
    })
    .where(eq(checkoutSessions.id, row.id))
}

/**
 * Add credits once for a reference. The transaction-scoped lock makes a second grant for the same reference
 * (another event about the same payment, processed at the same moment) wait, then find the first one's row.
 */
async function grantOnce(
  tx: Tx,
  ref: string,
  change: Omit<Parameters<typeof changeCredits>[1], 'externalRef'>,
): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ref}))`)
  const [done] = await tx
    .select({ id: creditTransactions.id })
    .from(creditTransactions)
    .where(eq(creditTransactions.externalRef, ref))
  if (done) return false
  await changeCredits(tx, { ...change, externalRef: ref })
  return true
}

/**
 * docs/product.md#user-profile: the profile's plan, subscription type, auto-renewal, end date and status
 * follow the subscriptions.
 */
async function syncUserBilling(tx: Tx, userId: string, now = new Date()): Promise<void> {
  const subs = (await userSubscriptions(tx, userId)).map(toFacts)
  const fields = userBillingFields(currentSubscription(subs, now), now)
  await tx
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, userId))
  // cached tokens carry the plan; API keys follow it at once in every process (docs/product.md#api-keys)
  evictSession(userEviction(userId))
  await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${userEviction(userId)})`)
}
