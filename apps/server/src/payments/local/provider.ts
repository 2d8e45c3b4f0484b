import { randomBytes } from 'node:crypto'
import type { PlanName, SubscriptionType } from '@parti/contract'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../domain/errors.ts'
import {
  addPeriod,
  cancelled,
  currentSubscription,
  isHeld,
  renewalSteps,
  renewed,
  type SubscriptionFacts,
} from '../../domain/subscriptions.ts'
import { applyPaymentEvent, eventSeen } from '../apply.ts'
import { dueLocalSubscriptions, findCheckout, findSubscription, toFacts, userSubscriptions } from '../repo.ts'
import type {
  CheckoutOrder,
  Payer,
  PaymentEvent,
  PaymentProvider,
  PortalChange,
  ProviderSubscription,
  StartedCheckout,
} from '../types.ts'

/** What the customer chose on the test checkout page: the three ways a real checkout ends. */
export type TestOutcome = 'paid' | 'pending' | 'cancelled'
export type PortalAction =
  | { action: 'cancel' }
  | { action: 'renew' }
  | { action: 'change'; plan: PlanName; billingType: SubscriptionType }
  /** the end of the period shown (ms): a second press for the same period changes nothing */
  | { action: 'advance'; period?: number }

const rand = () => randomBytes(12).toString('hex')
const suffix = (id: string) => id.replace(/^cs_test_local_/, '')

/**
 * The built-in test checkout (docs/decisions/0036-payments-stripe-and-test-checkout.md: the embedded default,
 * clearly labelled as test mode). No money moves: its pages (http/test-checkout-routes.ts) stand in for a
 * provider's hosted checkout and billing portal, and every button turns into provider events applied through
 * the same path as Stripe's webhooks (payments/apply.ts). Event, subscription and invoice ids derive from the
 * session or period they are about, so a double click or two API processes running the billing clock apply
 * each change once.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly id = 'local' as const
  readonly testMode = true
  readonly publishableKey = null

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createCheckout(_payer: Payer, _order: CheckoutOrder): Promise<StartedCheckout> {
    const sessionId = `cs_test_local_${rand()}`
    return { sessionId, url: `/api/payments/test-checkout/${sessionId}` }
  }

  async createPortal(_payer: Payer, change?: PortalChange): Promise<{ url: string }> {
    // the test portal preselects the plan and period chosen on the pricing page
    return {
      url: change
        ? `/api/payments/test-portal?plan=${change.plan}:${change.billingType}`
        : '/api/payments/test-portal',
    }
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<PaymentEvent> {
    const row = await findSubscription(this.db, subscriptionId)
    if (!row) throw new AppError('not_found')
    const facts = toFacts(row)
    const next = cancel ? cancelled(facts) : renewed(facts)
    return this.event('customer.subscription.updated', [synced(next)])
  }

  async cancelNow(): Promise<void> {
    // the test checkout bills nothing outside this database: the subscription ends with the account's rows
  }

  /** Whether a pending payment of this session failed (its page then says so). */
  async failed(sessionId: string): Promise<boolean> {
    return eventSeen(this.db, `evt_local_${suffix(sessionId)}_cancel`)
  }

  async refreshCheckout(): Promise<PaymentEvent | null> {
    // nothing to re-read: the test checkout's buttons apply their events before the customer comes back
    return null
  }

  /**
   * The customer pressed Pay, Leave pending or Cancel. Paying a pending session is its asynchronous payment
   * succeeding (Stripe's checkout.session.async_payment_succeeded); cancelling it, the payment failing.
   */
  async complete(
    sessionId: string,
    userId: string,
    outcome: TestOutcome,
  ): Promise<'paid' | 'pending' | 'cancelled'> {
    const row = await findCheckout(this.db, sessionId)
    if (!row || row.userId !== userId || row.provider !== 'local') throw new AppError('not_found')
    if (row.paymentStatus === 'paid') return 'paid'
    if (row.status === 'expired') return 'cancelled'
    const pending = row.status === 'complete'
    const key = `evt_local_${suffix(row.id)}`
    // a pending payment that failed stays failed
    if (pending && (await eventSeen(this.db, `${key}_cancel`))) return 'cancelled'

    if (outcome === 'pending') {
      if (pending) return 'pending'
      const status = {
        type: 'checkout.status',
        sessionId,
        status: 'complete',
        paymentStatus: 'unpaid',
      } as const
      await applyPaymentEvent(this.db, this.event('checkout.session.completed', [status], `${key}_pending`))
      return 'pending'
    }
    if (outcome === 'cancelled') {
      const type = pending ? 'checkout.session.async_payment_failed' : 'checkout.session.expired'
      const status = pending ? 'complete' : 'expired'
      await applyPaymentEvent(
        this.db,
        this.event(
          type,
          [{ type: 'checkout.status', sessionId, status, paymentStatus: 'unpaid' }],
          `${key}_cancel`,
        ),
      )
      return 'cancelled'
    }

    const type = pending ? 'checkout.session.async_payment_succeeded' : 'checkout.session.completed'
    if (row.mode === 'payment') {
      await applyPaymentEvent(
        this.db,
        this.event(
          type,
          [
            { type: 'checkout.status', sessionId, status: 'complete', paymentStatus: 'paid' },
            { type: 'credits.purchased', sessionId },
          ],
          `${key}_paid`,
        ),
      )
      return 'paid'
    }

    // a subscription: Stripe would send checkout.session.completed, customer.subscription.created and
    // invoice.paid (billing_reason subscription_create); here they are one event, applied together
    const now = this.now()
    const held = currentSubscription((await userSubscriptions(this.db, userId)).map(toFacts), now)
    if (held && isHeld(held, now))
      throw new AppError('conflict', 'You already have an active subscription', {
        reason: 'active_subscription',
      })
    const plan = row.plan as PlanName
    const billingType = row.billingType as SubscriptionType
    const subscription: ProviderSubscription = {
      id: `sub_local_${suffix(row.id)}`,
      userId,
      plan,
      billingType,
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: addPeriod(now, billingType),
    }
    await applyPaymentEvent(
      this.db,
      this.event(
        type,
        [
          {
            type: 'checkout.status',
            sessionId,
            status: 'complete',
            paymentStatus: 'paid',
            subscriptionId: subscription.id,
          },
          synced(subscription),
          {
            type: 'subscription.paid',
            userId,
            invoiceId: `in_local_${suffix(row.id)}`,
            subscriptionId: subscription.id,
            plan,
            billingType,
          },
        ],
        `${key}_paid`,
      ),
    )
    return 'paid'
  }

  /** The test billing portal's buttons, on the user's current subscription. */
  async portal(userId: string, request: PortalAction): Promise<void> {
    const now = this.now()
    const row = currentSubscription((await userSubscriptions(this.db, userId)).map(toFacts), now)
    if (!row || row.status === 'expired')
      throw new AppError('conflict', 'There is no subscription to change', { reason: 'no_subscription' })
    if (request.action === 'advance') {
      // the end of the current period, now: a renewal (paid, credits added) or, when cancelled, the end
      if (request.period !== undefined && request.period !== row.currentPeriodEnd.getTime()) return
      await this.runClock([row], row.currentPeriodEnd)
      return
    }
    if (!isHeld(row, now))
      throw new AppError('conflict', 'This subscription has ended', { reason: 'subscription_ended' })
    if (request.action === 'change' && request.billingType !== row.billingType) {
      // a new billing interval starts a new period now, paid now with its credits, as Stripe resets the billing
      // cycle on an interval change (docs/product.md#subscription-states)
      const next = {
        ...row,
        plan: request.plan,
        billingType: request.billingType,
        currentPeriodEnd: addPeriod(now, request.billingType),
      }
      await applyPaymentEvent(
        this.db,
        this.event('invoice.paid', [
          synced({ ...next, userId }),
          {
            type: 'subscription.paid',
            userId,
            invoiceId: `in_local_${row.id}_switch_${now.getTime()}`,
            subscriptionId: row.id,
            plan: next.plan,
            billingType: next.billingType,
          },
        ]),
        now,
      )
      return
    }
    const next =
      request.action === 'cancel'
        ? cancelled(row)
        : request.action === 'renew'
          ? renewed(row)
          : // a plan change in the same interval takes effect at once (benefits) and is billed, with its credits,
            // from the next period
            { ...row, plan: request.plan, billingType: request.billingType }
    await applyPaymentEvent(
      this.db,
      this.event('customer.subscription.updated', [synced({ ...next, userId })]),
    )
  }

  /** The billing clock: renew (pay, add credits) or end each subscription whose period has run out. */
  async runDue(now = this.now()): Promise<number> {
    const due = (await dueLocalSubscriptions(this.db, now)).map(toFacts)
    return this.runClock(due, now)
  }

  private async runClock(subs: Array<SubscriptionFacts & { userId: string }>, now: Date): Promise<number> {
    let applied = 0
    for (const sub of subs) {
      let current = sub
      for (const step of renewalSteps(sub, now)) {
        const at = current.currentPeriodEnd.getTime()
        if (step.kind === 'expire') {
          const ended = { ...current, status: 'expired' as const }
          const event = this.event(
            'customer.subscription.deleted',
            [synced(ended)],
            `evt_local_end_${sub.id}_${at}`,
          )
          if ((await applyPaymentEvent(this.db, event, now)) === 'applied') applied++
          break
        }
        current = { ...current, currentPeriodEnd: step.periodEnd }
        const event = this.event(
          'invoice.paid',
          [
            synced(current),
            {
              type: 'subscription.paid',
              userId: sub.userId,
              invoiceId: `in_local_${sub.id}_${at}`,
              subscriptionId: sub.id,
              plan: current.plan,
              billingType: current.billingType,
            },
          ],
          `evt_local_cycle_${sub.id}_${at}`,
        )
        if ((await applyPaymentEvent(this.db, event, now)) === 'applied') applied++
      }
    }
    return applied
  }

  private event(type: string, effects: PaymentEvent['effects'], id = `evt_local_${rand()}`): PaymentEvent {
    return { id, provider: 'local', type, effects }
  }
}

const synced = (s: SubscriptionFacts & { userId: string }) =>
  ({
    type: 'subscription.synced',
    provider: 'local',
    subscription: {
      id: s.id,
      userId: s.userId,
      plan: s.plan,
      billingType: s.billingType,
      status: s.status,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      currentPeriodEnd: s.currentPeriodEnd,
    },
  }) as const
