import { PLAN_NAMES, PlanName, SUBSCRIPTION_TYPES, SubscriptionType } from '@parti/contract'
import { eq } from 'drizzle-orm'
import type { Logger } from 'pino'
import type Stripe from 'stripe'
import type { Db } from '../../db/client.ts'
import { findUserById } from '../../db/repos/users.ts'
import { plans, users } from '../../db/schema.ts'
import { statusFromStripe } from '../../domain/subscriptions.ts'
import type { PriceTable } from '../config.ts'
import { findCheckout } from '../repo.ts'
import type { PaymentEffect, ProviderSubscription } from '../types.ts'
import { idOf } from './client.ts'

const oneOf = <T extends string, F extends string>(
  value: unknown,
  known: readonly T[],
  fallback: F,
): T | F => (known.includes(value as T) ? (value as T) : fallback)

/** Invoices that pay for a period of a subscription: its first one, and each renewal. */
const PERIOD_INVOICES = new Set(['subscription_create', 'subscription_cycle'])

/**
 * Turns Stripe objects, always re-read from Stripe (docs/decisions/0037-payment-events-applied-once.md), into
 * our effects. An event's payload is only used for the id of what it is about; amounts, statuses and periods
 * come from the re-read.
 */
export class StripeReconciler {
  constructor(
    private readonly stripe: Stripe,
    private readonly db: Db,
    private readonly prices: PriceTable,
    private readonly log: Logger,
  ) {}

  /** A checkout we created: its status, the one-off credits once paid, the subscription and first invoice. */
  async checkoutSession(id: string): Promise<PaymentEffect[]> {
    const row = await findCheckout(this.db, id)
    if (!row) {
      this.log.info({ session: id }, 'stripe: a checkout session Parti did not create; ignored')
      return []
    }
    const s = await this.stripe.checkout.sessions.retrieve(id)
    const subscriptionId = idOf(s.subscription)
    const effects: PaymentEffect[] = [
      {
        type: 'checkout.status',
        sessionId: id,
        status: oneOf(s.status, ['complete', 'expired'] as const, 'open'),
        paymentStatus: oneOf(s.payment_status, ['paid', 'no_payment_required'] as const, 'unpaid'),
        subscriptionId,
      },
    ]
    const customerId = idOf(s.customer)
    if (customerId) effects.push({ type: 'customer.linked', userId: row.userId, customerId })
    if (s.mode === 'payment' && s.payment_status === 'paid') {
      if (s.amount_total === row.amountCents && s.currency === 'eur')
        effects.push({ type: 'credits.purchased', sessionId: id })
      else
        this.log.error(
          { session: id, expected: row.amountCents, paid: s.amount_total, currency: s.currency },
          'stripe: a paid checkout does not match what Parti asked for; no credits added',
        )
    }
    if (s.mode === 'subscription' && subscriptionId) {
      effects.push(...(await this.subscription(subscriptionId, row.userId)))
      const invoiceId = idOf(s.invoice)
      if (invoiceId) effects.push(...(await this.invoice(invoiceId)))
    }
    return effects
  }

  /** A subscription's current state, in our terms; nothing while its first payment is incomplete. */
  async subscription(id: string, userIdHint?: string): Promise<PaymentEffect[]> {
    const sub = await this.stripe.subscriptions.retrieve(id)
    const mapped = await this.mapSubscription(sub, userIdHint)
    return mapped ? [{ type: 'subscription.synced', provider: 'stripe', subscription: mapped }] : []
  }

  /** A paid invoice for a subscription period adds that period's credits (once per invoice). */
  async invoice(id: string): Promise<PaymentEffect[]> {
    const inv = await this.stripe.invoices.retrieve(id)
    if (inv.status !== 'paid' || !PERIOD_INVOICES.has(inv.billing_reason ?? '')) return []
    // API 2025-03-31 and later: the subscription is under parent.subscription_details
    const subscriptionId = idOf(inv.parent?.subscription_details?.subscription)
    if (!subscriptionId) return []
    const effects = await this.subscription(subscriptionId)
    const synced = effects.find((e) => e.type === 'subscription.synced')
    if (!synced) return effects
    const { userId, plan, billingType } = synced.subscription
    effects.push({ type: 'subscription.paid', userId, invoiceId: inv.id, subscriptionId, plan, billingType })
    return effects
  }

  async mapSubscription(sub: Stripe.Subscription, userIdHint?: string): Promise<ProviderSubscription | null> {
    const status = statusFromStripe(sub.status, sub.cancel_at_period_end || sub.cancel_at !== null)
    if (!status) return null
    const userId = await this.ownerOf(sub, userIdHint)
    if (!userId) {
      this.log.warn({ subscription: sub.id }, 'stripe: a subscription of no Parti user; ignored')
      return null
    }
    const item = sub.items.data[0]
    const plan = item ? this.planOf(item.price, sub.metadata, await this.priceTable()) : null
    if (!item || !plan) {
      this.log.error(
        { subscription: sub.id, price: item?.price.id },
        'stripe: a subscription to no known plan',
      )
      return null
    }
    // API 2025-03-31 and later: the period is on the items; a scheduled cancel may end it earlier
    const periodEnd = Math.max(...sub.items.data.map((i) => i.current_period_end))
    const end = sub.cancel_at ? Math.min(sub.cancel_at, periodEnd) : periodEnd
    return {
      id: sub.id,
      userId,
      plan: plan.plan,
      billingType: plan.billingType,
      status,
      cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
      currentPeriodEnd: new Date(end * 1000),
    }
  }

  /** The Parti user: the id we put in the subscription's metadata, else the one holding its customer. */
  private async ownerOf(sub: Stripe.Subscription, hint?: string): Promise<string | null> {
    const candidate = sub.metadata?.userId ?? hint
    if (candidate && (await findUserById(this.db, candidate).catch(() => null))) return candidate
    const customerId = idOf(sub.customer)
    if (!customerId) return null
    const [u] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.paymentCustomerId, customerId))
    return u?.id ?? null
  }

  /** The price ids Parti knows: STRIPE_PRICE_* first, else the ones set on /admin/plans (plans table). */
  private async priceTable(): Promise<PriceTable> {
    const rows = await this.db.select().from(plans)
    const table = structuredClone(this.prices)
    for (const row of rows) {
      const name = PlanName.safeParse(row.name)
      if (!name.success) continue
      table[name.data].monthly ??= row.paymentPriceMonthly
      table[name.data].yearly ??= row.paymentPriceYearly
    }
    return table
  }

  /**
   * Which plan and period a price stands for: a known price id (STRIPE_PRICE_* or /admin/plans), else its
   * lookup key (parti_<plan>_<monthly|yearly>), else the subscription's metadata (inline prices made at
   * checkout, which the portal cannot switch to).
   */
  planOf(
    price: Stripe.Price,
    metadata: Stripe.Metadata | null,
    prices: PriceTable = this.prices,
  ): { plan: PlanName; billingType: SubscriptionType } | null {
    for (const plan of PLAN_NAMES)
      for (const billingType of SUBSCRIPTION_TYPES)
        if (prices[plan][billingType] === price.id) return { plan, billingType }
    const m = /^parti_(lite|standard|pro)_(monthly|yearly)$/.exec(price.lookup_key ?? '')
    if (m) return { plan: m[1] as PlanName, billingType: m[2] as SubscriptionType }
    const plan = PlanName.safeParse(metadata?.plan)
    if (!plan.success) return null
    const interval = price.recurring?.interval
    const billing = interval === 'year' ? 'yearly' : interval === 'month' ? 'monthly' : metadata?.billingType
    const billingType = SubscriptionType.safeParse(billing)
    return billingType.success ? { plan: plan.data, billingType: billingType.data } : null
  }
}
