import type { PaymentProviderId, PlanName, SubscriptionType } from '@parti/contract'
import type { SubscriptionRecordStatus } from '../domain/subscriptions.ts'

/** The user a checkout or portal is for. */
export interface Payer {
  id: string
  email: string
  /** the provider's customer id, once there is one */
  customerId: string | null
}

/** The plan and period a subscriber chose on the pricing page, for the portal to open on. */
export interface PortalChange {
  plan: PlanName
  billingType: SubscriptionType
  /** the provider's id of the subscription to change */
  subscriptionId: string
}

export type CheckoutOrder =
  | {
      kind: 'subscription'
      plan: PlanName
      billingType: SubscriptionType
      amountCents: number
      /** Stripe's price id for it, or null: the catalogue price goes inline */
      priceId: string | null
      interval: 'month' | 'year'
    }
  | { kind: 'payment'; amountCents: number; credits: number; plan: PlanName | null }

export interface StartedCheckout {
  sessionId: string
  url: string
  /** set when the provider created a customer for this payer */
  customerId?: string | null
}

/** A subscription as a provider reports it, in our terms. */
export interface ProviderSubscription {
  id: string
  userId: string
  plan: PlanName
  billingType: SubscriptionType
  status: SubscriptionRecordStatus
  cancelAtPeriodEnd: boolean
  currentPeriodEnd: Date
}

/**
 * What a provider event changes. Providers turn their events (a Stripe webhook after re-reading the truth from
 * Stripe, or the test checkout's buttons) into these; payments/apply.ts writes them, once per event id.
 */
export type PaymentEffect =
  | {
      type: 'checkout.status'
      sessionId: string
      status: 'open' | 'complete' | 'expired'
      paymentStatus: 'paid' | 'unpaid' | 'no_payment_required'
      subscriptionId?: string | null
    }
  /** a one-off payment is paid: add the session's credits (once per session, whichever event says so first) */
  | { type: 'credits.purchased'; sessionId: string }
  | { type: 'subscription.synced'; subscription: ProviderSubscription; provider: PaymentProviderId }
  /** a subscription period is paid (first invoice or renewal): add its credits once per invoice */
  | {
      type: 'subscription.paid'
      userId: string
      invoiceId: string
      subscriptionId: string
      plan: PlanName
      billingType: SubscriptionType
    }
  | { type: 'customer.linked'; userId: string; customerId: string }

export interface PaymentEvent {
  /** the provider's event id; null for a change we made ourselves through the provider's API */
  id: string | null
  provider: PaymentProviderId
  type: string
  effects: PaymentEffect[]
}

/**
 * The side of payments that talks to a provider. The built-in test checkout (local/) and Stripe (stripe/)
 * implement it; routes and services never know which one runs.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId
  readonly testMode: boolean
  readonly publishableKey: string | null
  /** a hosted checkout for an order; the browser is sent to `url` */
  createCheckout(payer: Payer, order: CheckoutOrder, ourSessionRef: string): Promise<StartedCheckout>
  /**
   * the billing portal, where the plan is changed, cancelled or renewed; with a change the user chose, opened
   * on that change (the subscription's update page) where the provider allows it
   */
  createPortal(payer: Payer, change?: PortalChange): Promise<{ url: string }>
  /** cancel at the period's end (true) or undo that (false); answers the change to apply */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<PaymentEvent>
  /**
   * end a subscription now, nothing more to bill (the account is being deleted,
   * docs/decisions/0073-account-deletion-order.md); one already ended is done; throws when the provider does not
   * confirm
   */
  cancelNow(subscriptionId: string): Promise<void>
  /** re-read a checkout the customer came back from (the webhook may not have arrived yet) */
  refreshCheckout(sessionId: string): Promise<PaymentEvent | null>
}
