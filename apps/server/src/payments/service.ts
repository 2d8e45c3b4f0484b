import type {
  CheckoutSession,
  CheckoutStartResponse,
  PaymentConflictReason,
  PlanName,
  PortalRequest,
  Subscription,
  SubscriptionType,
} from '@parti/contract'
import { eq } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Db } from '../db/client.ts'
import { findUserById, type UserRow } from '../db/repos/users.ts'
import { plans } from '../db/schema.ts'
import { AppError, notFound, unauthorized } from '../domain/errors.ts'
import { type OneOffOrder, subscriptionPrice } from '../domain/pricing.ts'
import {
  cancelDecision,
  checkoutDecision,
  currentSubscription,
  renewDecision,
} from '../domain/subscriptions.ts'
import { uuidv7 } from '../lib/ids.ts'
import { applyPaymentEvent } from './apply.ts'
import type { PriceTable } from './config.ts'
import {
  findCheckout,
  findSubscription,
  insertCheckout,
  toCheckoutSession,
  toFacts,
  toSubscription,
  userSubscriptions,
} from './repo.ts'
import type { CheckoutOrder, PaymentProvider } from './types.ts'

const CONFLICT_MESSAGES: Record<PaymentConflictReason, string> = {
  // the wording of docs/product.md#errors-payments for the first two; the web shows 'You already have an
  // active subscription' when the message contains that phrase
  same_plan: 'You already have this plan',
  active_subscription: 'You already have an active subscription. Change your plan in the billing portal.',
  no_subscription: 'You have no subscription',
  subscription_ended: 'This subscription has ended. Choose a plan to subscribe again.',
  no_billing_account: 'There is no billing account yet: subscribe or buy credits first',
}

const paymentConflict = (reason: PaymentConflictReason) =>
  new AppError('conflict', CONFLICT_MESSAGES[reason], { reason })

/**
 * Payments as the routes see them (thin routes over this): the rules of docs/product.md#subscription-states
 * from domain/, the provider for checkouts, portal and cancellations, and payments/apply.ts for every change
 * they cause.
 */
export class PaymentService {
  constructor(
    private readonly db: Db,
    readonly provider: PaymentProvider,
    private readonly prices: PriceTable,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async startSubscription(
    userId: string,
    plan: PlanName,
    billingType: SubscriptionType,
  ): Promise<CheckoutStartResponse> {
    const user = await this.user(userId)
    const decision = checkoutDecision(await this.current(userId), plan, billingType, this.now())
    if (decision.action === 'refuse') throw paymentConflict(decision.reason)
    const price = subscriptionPrice(plan, billingType)
    return this.startCheckout(user, {
      kind: 'subscription',
      plan,
      billingType,
      amountCents: price.amountCents,
      interval: price.interval,
      priceId: await this.priceId(plan, billingType),
    })
  }

  /** A one-off payment: à la carte credits, or one month of a plan's credits (plan set). */
  async startPayment(
    userId: string,
    order: OneOffOrder & { plan?: PlanName },
  ): Promise<CheckoutStartResponse> {
    const user = await this.user(userId)
    return this.startCheckout(user, { kind: 'payment', ...order, plan: order.plan ?? null })
  }

  /** GET /payments/checkout-session/{id}: the owner's session; an unfinished Stripe one is re-read first. */
  async checkoutSession(userId: string, id: string): Promise<CheckoutSession> {
    let row = await findCheckout(this.db, id)
    if (!row || row.userId !== userId) throw notFound()
    if (row.provider === this.provider.id && (row.status === 'open' || row.paymentStatus !== 'paid')) {
      try {
        const event = await this.provider.refreshCheckout(id)
        if (event?.effects.length) {
          await applyPaymentEvent(this.db, event, this.now())
          row = (await findCheckout(this.db, id)) ?? row
        }
      } catch (err) {
        // the webhook will bring it; the page says 'still processing' meanwhile
        this.log.warn({ err, session: id }, 'could not re-read a checkout session')
      }
    }
    return toCheckoutSession(row)
  }

  /** The billing portal; with the plan and period chosen on the pricing page, opened on that change. */
  async portal(userId: string, choice: PortalRequest = {}): Promise<{ url: string }> {
    const user = await this.user(userId)
    const current = choice.plan && choice.billingType ? await this.current(userId) : null
    const change =
      current && choice.plan && choice.billingType
        ? { plan: choice.plan, billingType: choice.billingType, subscriptionId: current.id }
        : undefined
    const payer = { id: user.id, email: user.email, customerId: user.paymentCustomerId }
    return this.provider.createPortal(payer, change)
  }

  async subscriptions(userId: string): Promise<Subscription[]> {
    return (await userSubscriptions(this.db, userId)).map(toSubscription)
  }

  /**
   * Cancel the current subscription, or the one named (docs/product.md#subscription-states): access kept to
   * the end date.
   */
  async cancel(userId: string, subscriptionId?: string): Promise<Subscription> {
    const sub = await this.target(userId, subscriptionId)
    const decision = cancelDecision(sub ? toFacts(sub) : null, this.now())
    if (decision.action === 'refuse') throw paymentConflict(decision.reason)
    if (decision.action === 'cancel') await this.applyChange(sub!.id, true)
    return toSubscription((await findSubscription(this.db, sub!.id))!)
  }

  /**
   * Before an account is deleted (docs/decisions/0073-account-deletion-order.md): every subscription of the
   * user that has not ended is ended now at its provider, so nothing is billed after the account has gone.
   * One the provider does not confirm refuses the deletion (503, reason subscription_not_cancelled); the rows
   * stay as they are and the user can try again.
   */
  async endAllForDeletion(userId: string): Promise<void> {
    for (const sub of await userSubscriptions(this.db, userId)) {
      if (sub.status === 'expired') continue
      // a subscription of another provider than the one configured now cannot be reached: only the test
      // checkout's can be in that state, and it bills nothing outside this database
      if (sub.provider !== this.provider.id) continue
      try {
        await this.provider.cancelNow(sub.id)
      } catch (err) {
        this.log.error(
          { err, subscription: sub.id, userId },
          'could not cancel a subscription before deletion',
        )
        throw new AppError(
          'unavailable',
          'Your subscription could not be cancelled with the payment provider, so nothing was deleted. Please try again later.',
          { reason: 'subscription_not_cancelled' },
        )
      }
    }
  }

  /** Renew undoes a cancel before the end date. */
  async renew(userId: string, subscriptionId?: string): Promise<Subscription> {
    const sub = await this.target(userId, subscriptionId)
    const decision = renewDecision(sub ? toFacts(sub) : null, this.now())
    if (decision.action === 'refuse') throw paymentConflict(decision.reason)
    if (decision.action === 'renew') await this.applyChange(sub!.id, false)
    return toSubscription((await findSubscription(this.db, sub!.id))!)
  }

  private async applyChange(subscriptionId: string, cancel: boolean) {
    const event = await this.provider.setCancelAtPeriodEnd(subscriptionId, cancel)
    await applyPaymentEvent(this.db, event, this.now())
  }

  private async target(userId: string, subscriptionId?: string) {
    if (subscriptionId) {
      const row = await findSubscription(this.db, subscriptionId)
      if (!row || row.userId !== userId) throw notFound()
      return row
    }
    const rows = await userSubscriptions(this.db, userId)
    const current = currentSubscription(rows.map(toFacts), this.now())
    return current ? (rows.find((r) => r.id === current.id) ?? null) : null
  }

  private async current(userId: string) {
    return currentSubscription((await userSubscriptions(this.db, userId)).map(toFacts), this.now())
  }

  private async startCheckout(user: UserRow, order: CheckoutOrder): Promise<CheckoutStartResponse> {
    const payer = { id: user.id, email: user.email, customerId: user.paymentCustomerId }
    const started = await this.provider.createCheckout(payer, order, uuidv7())
    if (started.customerId && started.customerId !== user.paymentCustomerId)
      await applyPaymentEvent(this.db, {
        id: null,
        provider: this.provider.id,
        type: 'customer.created',
        effects: [{ type: 'customer.linked', userId: user.id, customerId: started.customerId }],
      })
    await insertCheckout(this.db, {
      id: started.sessionId,
      userId: user.id,
      provider: this.provider.id,
      mode: order.kind,
      plan: order.plan,
      billingType: order.kind === 'subscription' ? order.billingType : null,
      amountCents: order.amountCents,
      credits: order.kind === 'payment' ? order.credits : 0,
    })
    return { sessionId: started.sessionId, url: started.url }
  }

  /** Stripe's price for a plan: STRIPE_PRICE_* first, else the plans table's column, else none (inline). */
  private async priceId(plan: PlanName, billingType: SubscriptionType): Promise<string | null> {
    const configured = this.prices[plan][billingType]
    if (configured || this.provider.id !== 'stripe') return configured
    const [row] = await this.db.select().from(plans).where(eq(plans.name, plan))
    return (billingType === 'yearly' ? row?.paymentPriceYearly : row?.paymentPriceMonthly) ?? null
  }

  private async user(userId: string): Promise<UserRow> {
    const user = await findUserById(this.db, userId)
    if (!user) throw unauthorized()
    return user
  }
}
