import type { AppContext } from '../context.ts'
import { LocalPaymentProvider } from './local/provider.ts'
import { PaymentService } from './service.ts'
import { createStripeClient } from './stripe/client.ts'
import { StripePaymentProvider } from './stripe/provider.ts'
import { StripeReconciler } from './stripe/reconcile.ts'
import { StripeWebhook } from './stripe/webhook.ts'

export interface Payments {
  service: PaymentService
  /** the built-in test checkout, when it is the provider (its pages and billing clock need it) */
  local: LocalPaymentProvider | null
  /** Stripe's webhook receiver, when Stripe is the provider */
  stripeWebhook: StripeWebhook | null
}

/** The configured provider (PAYMENT_PROVIDER / STRIPE_*, checked at start in config.ts) and its service. */
export function createPayments(ctx: AppContext, now: () => Date = () => new Date()): Payments {
  const settings = ctx.config.payments
  const db = ctx.database.db
  const log = ctx.log.child({ component: 'payments' })
  if (settings.provider === 'local') {
    const local = new LocalPaymentProvider(db, now)
    const service = new PaymentService(db, local, emptyPrices, log, now)
    return { service, local, stripeWebhook: null }
  }
  const stripe = createStripeClient(settings.secretKey, settings.baseUrl)
  const reconciler = new StripeReconciler(stripe, db, settings.prices, log)
  const provider = new StripePaymentProvider(stripe, reconciler, {
    publicUrl: ctx.config.publicUrl,
    testMode: settings.testMode,
    publishableKey: settings.publishableKey,
  })
  return {
    service: new PaymentService(db, provider, settings.prices, log, now),
    local: null,
    stripeWebhook: new StripeWebhook(stripe, settings.webhookSecret, reconciler, db, log),
  }
}

const none = { monthly: null, yearly: null }
const emptyPrices = { lite: none, standard: none, pro: none }
