import type { Logger } from 'pino'
import type Stripe from 'stripe'
import type { Db } from '../../db/client.ts'
import { applyPaymentEvent, eventSeen } from '../apply.ts'
import type { PaymentEffect } from '../types.ts'
import type { StripeReconciler } from './reconcile.ts'

/** Stripe's default: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300

export type WebhookVerdict =
  | { status: 200; body: { received: true; duplicate?: true; ignored?: true } }
  | { status: 400; body: { error: { code: 'unauthorized'; message: string } } }

/**
 * POST /api/webhooks/stripe (documenso's handler is the model): verify Stripe-Signature against the raw bytes,
 * skip an event id already applied, re-read what the event is about from Stripe, then apply it once
 * (payments/apply.ts). A failure to re-read throws: the route answers 500 and Stripe delivers again later.
 */
export class StripeWebhook {
  constructor(
    private readonly stripe: Stripe,
    private readonly secret: string,
    private readonly reconciler: StripeReconciler,
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  async receive(raw: Buffer, signature: string | undefined): Promise<WebhookVerdict> {
    let event: Stripe.Event
    try {
      event = this.stripe.webhooks.constructEvent(
        raw,
        signature ?? '',
        this.secret,
        SIGNATURE_TOLERANCE_SECONDS,
      )
    } catch (err) {
      this.log.warn({ reason: (err as Error).message }, 'stripe webhook refused')
      return { status: 400, body: { error: { code: 'unauthorized', message: 'Invalid webhook signature' } } }
    }
    if (await eventSeen(this.db, event.id)) return { status: 200, body: { received: true, duplicate: true } }
    const effects = await this.effectsOf(event)
    if (!effects) {
      // recorded all the same, so a redelivery is answered without work
      await applyPaymentEvent(this.db, { id: event.id, provider: 'stripe', type: event.type, effects: [] })
      return { status: 200, body: { received: true, ignored: true } }
    }
    const outcome = await applyPaymentEvent(this.db, {
      id: event.id,
      provider: 'stripe',
      type: event.type,
      effects,
    })
    this.log.info(
      { event: event.id, type: event.type, outcome, effects: effects.length },
      'stripe event applied',
    )
    return {
      status: 200,
      body: outcome === 'duplicate' ? { received: true, duplicate: true } : { received: true },
    }
  }

  /** The effects of an event we act on, from a fresh read of its object; null for the rest. */
  private async effectsOf(event: Stripe.Event): Promise<PaymentEffect[] | null> {
    const id = (event.data.object as { id?: string }).id
    if (!id) return null
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return this.reconciler.checkoutSession(id)
      case 'invoice.paid':
        return this.reconciler.invoice(id)
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.reconciler.subscription(id)
      default:
        return null
    }
  }
}
