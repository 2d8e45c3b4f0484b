import { randomUUID } from 'node:crypto'
import type Stripe from 'stripe'
import { AppError } from '../../domain/errors.ts'
import { productName } from '../../domain/pricing.ts'
import type {
  CheckoutOrder,
  Payer,
  PaymentEvent,
  PaymentProvider,
  PortalChange,
  StartedCheckout,
} from '../types.ts'
import type { StripeReconciler } from './reconcile.ts'

/**
 * Stripe behind the PaymentProvider interface: hosted Checkout (mode=subscription with the plan's price, or
 * mode=payment with the amount inline), the Billing Portal, and cancel at period end. Every POST carries an
 * Idempotency-Key, so the SDK's retries never create a second customer, session or change.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly id = 'stripe' as const

  constructor(
    private readonly stripe: Stripe,
    private readonly reconciler: StripeReconciler,
    private readonly options: { publicUrl: string; testMode: boolean; publishableKey: string | null },
  ) {}

  get testMode() {
    return this.options.testMode
  }
  get publishableKey() {
    return this.options.publishableKey
  }

  async createCheckout(payer: Payer, order: CheckoutOrder, ref: string): Promise<StartedCheckout> {
    const customer = payer.customerId ?? (await this.createCustomer(payer))
    const base = this.options.publicUrl
    const type = order.kind === 'subscription' ? 'subscription' : 'one-time'
    const metadata: Record<string, string> =
      order.kind === 'subscription'
        ? { userId: payer.id, plan: order.plan, billingType: order.billingType }
        : { userId: payer.id, credits: String(order.credits), ...(order.plan ? { plan: order.plan } : {}) }
    const common = {
      customer,
      client_reference_id: payer.id,
      metadata,
      // Stripe puts the session id in place of {CHECKOUT_SESSION_ID}; /pricing reads it back
      // (docs/product.md#checkout-return)
      success_url: `${base}/pricing?session_id={CHECKOUT_SESSION_ID}&success=true&type=${type}`,
      cancel_url: `${base}/pricing?canceled=true&type=${type}`,
    }
    const params: Stripe.Checkout.SessionCreateParams =
      order.kind === 'subscription'
        ? {
            ...common,
            mode: 'subscription',
            line_items: [
              order.priceId
                ? { price: order.priceId, quantity: 1 }
                : {
                    quantity: 1,
                    price_data: {
                      currency: 'eur',
                      unit_amount: order.amountCents,
                      recurring: { interval: order.interval },
                      product_data: { name: productName(order), metadata: { plan: order.plan } },
                    },
                  },
            ],
            subscription_data: { metadata },
          }
        : {
            ...common,
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'eur',
                  unit_amount: order.amountCents,
                  product_data: { name: productName({ kind: 'credits', credits: order.credits }) },
                },
              },
            ],
            payment_intent_data: { metadata },
          }
    const session = await this.stripe.checkout.sessions.create(params, {
      idempotencyKey: `parti-checkout-${ref}`,
    })
    if (!session.url) throw new AppError('unavailable', 'Stripe returned a checkout without a page')
    return { sessionId: session.id, url: session.url, customerId: customer }
  }

  async createPortal(payer: Payer, change?: PortalChange): Promise<{ url: string }> {
    if (!payer.customerId)
      throw new AppError('conflict', 'There is no billing account yet: subscribe or buy credits first', {
        reason: 'no_billing_account',
      })
    const session = await this.stripe.billingPortal.sessions.create(
      {
        customer: payer.customerId,
        return_url: `${this.options.publicUrl}/pricing`,
        // a plan chosen on the pricing page opens the portal on the subscription's update page (a portal deep
        // link); the plans there are the portal configuration's
        ...(change
          ? {
              flow_data: {
                type: 'subscription_update' as const,
                subscription_update: { subscription: change.subscriptionId },
              },
            }
          : {}),
      },
      { idempotencyKey: `parti-portal-${randomUUID()}` },
    )
    return { url: session.url }
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<PaymentEvent> {
    const sub = await this.stripe.subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: cancel },
      { idempotencyKey: `parti-${cancel ? 'cancel' : 'renew'}-${subscriptionId}-${randomUUID()}` },
    )
    // the answer is Stripe's state after the change; customer.subscription.updated follows and re-reads it again
    const mapped = await this.reconciler.mapSubscription(sub)
    return {
      id: null,
      provider: 'stripe',
      type: 'api.subscription.update',
      effects: mapped ? [{ type: 'subscription.synced', provider: 'stripe', subscription: mapped }] : [],
    }
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(
        subscriptionId,
        {},
        {
          idempotencyKey: `parti-cancel-now-${subscriptionId}`,
        },
      )
    } catch (err) {
      // already gone or already ended: nothing is billed any more, which is what was asked
      const e = err as { statusCode?: number; code?: string; message?: string }
      if (e.statusCode === 404 || /already been cancel/i.test(e.message ?? '')) return
      throw err
    }
  }

  async refreshCheckout(sessionId: string): Promise<PaymentEvent | null> {
    const effects = await this.reconciler.checkoutSession(sessionId)
    return { id: null, provider: 'stripe', type: 'checkout.return', effects }
  }

  private async createCustomer(payer: Payer): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: payer.email, metadata: { userId: payer.id } },
      // one customer per user, even when two checkouts start at once
      { idempotencyKey: `parti-customer-${payer.id}` },
    )
    return customer.id
  }
}
