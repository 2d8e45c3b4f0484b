import { z } from 'zod'
import { CREDITS_PER_EUR, MAX_A_LA_CARTE_EUR, MIN_A_LA_CARTE_EUR } from './constants.ts'
import { PlanName, SubscriptionType } from './enums.ts'

// The payments and /user/subscriptions calls (docs/product.md#api-payments). Money is integer EUR cents;
// credits are integers.

export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const
export const PaymentProviderId = z.enum(PAYMENT_PROVIDERS)
export type PaymentProviderId = z.infer<typeof PaymentProviderId>

/** POST /payments/create-checkout-session and POST /user/subscriptions/create */
export const CheckoutSessionRequest = z.object({ plan: PlanName, billingType: SubscriptionType })
export type CheckoutSessionRequest = z.infer<typeof CheckoutSessionRequest>

/** POST /payments/create-payment-session and POST /user/credits/purchase: one month of a plan's credits, once */
export const PlanPurchaseRequest = z.object({ plan: PlanName })
export type PlanPurchaseRequest = z.infer<typeof PlanPurchaseRequest>

/**
 * POST /payments/create-a-la-carte-payment: whole euros; credits must be amount × 200
 * (docs/product.md#validation-a-la-carte)
 */
export const ALaCarteRequest = z.object({
  amount: z
    .number()
    .int()
    .min(MIN_A_LA_CARTE_EUR)
    .max(MAX_A_LA_CARTE_EUR)
    .describe(`whole euros, at least ${MIN_A_LA_CARTE_EUR}`),
  credits: z.number().int().positive().describe(`amount × ${CREDITS_PER_EUR}`),
})
export type ALaCarteRequest = z.infer<typeof ALaCarteRequest>

/** Where to send the browser: the provider's hosted checkout (or the built-in test checkout). */
export const CheckoutStartResponse = z.object({ sessionId: z.string(), url: z.string() })
export type CheckoutStartResponse = z.infer<typeof CheckoutStartResponse>

export const CHECKOUT_MODES = ['subscription', 'payment'] as const
export const CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const
export const PAYMENT_STATUSES = ['paid', 'unpaid', 'no_payment_required'] as const

/** GET /payments/checkout-session/{id}: the session as the provider reports it (Stripe's field names). */
export const CheckoutSession = z
  .object({
    id: z.string(),
    provider: PaymentProviderId,
    mode: z.enum(CHECKOUT_MODES),
    status: z.enum(CHECKOUT_STATUSES),
    payment_status: z.enum(PAYMENT_STATUSES),
    amount_total: z.number().int().describe('EUR cents'),
    currency: z.literal('eur'),
    credits: z
      .number()
      .int()
      .describe('credits a one-off payment adds; a subscription adds its own per period'),
    plan: PlanName.nullable(),
    billingType: SubscriptionType.nullable(),
    subscription: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'CheckoutSession' })
export type CheckoutSession = z.infer<typeof CheckoutSession>
export const CheckoutSessionResponse = z.object({ session: CheckoutSession })

/**
 * POST /payments/create-portal-session: optionally the plan and period the user chose on the pricing page, so
 * the portal opens on that change rather than its home (docs/product.md#plan-change)
 */
export const PortalRequest = z
  .object({ plan: PlanName.optional(), billingType: SubscriptionType.optional() })
  .refine((b) => (b.plan === undefined) === (b.billingType === undefined), {
    message: 'plan and billingType go together',
    path: ['billingType'],
  })
export type PortalRequest = z.infer<typeof PortalRequest>

export const PortalResponse = z.object({ url: z.string() })

export const SUBSCRIPTION_RECORD_STATUSES = ['active', 'cancelled', 'past_due', 'expired'] as const

export const Subscription = z
  .object({
    id: z.string(),
    provider: PaymentProviderId,
    plan: PlanName,
    billingType: SubscriptionType,
    status: z.enum(SUBSCRIPTION_RECORD_STATUSES),
    cancelAtPeriodEnd: z.boolean(),
    autoRenewal: z.boolean(),
    currentPeriodEnd: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Subscription' })
export type Subscription = z.infer<typeof Subscription>
export const SubscriptionsResponse = z.object({ subscriptions: z.array(Subscription) })
export const SubscriptionActionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  subscription: Subscription,
})
export const SubscriptionIdParams = z.object({ id: z.string().min(1).max(255) })

/** GET /payments/config: which provider runs, so the pricing page can say 'test mode'. */
export const PaymentsConfigResponse = z.object({
  provider: PaymentProviderId,
  testMode: z.boolean(),
  publishableKey: z.string().nullable(),
  currency: z.literal('EUR'),
})
export type PaymentsConfigResponse = z.infer<typeof PaymentsConfigResponse>

/**
 * Why a payments call was refused (409 details.reason), so the web can show the text of
 * docs/product.md#errors-payments.
 */
export const PAYMENT_CONFLICT_REASONS = [
  'same_plan',
  'active_subscription',
  'no_subscription',
  'subscription_ended',
  'no_billing_account',
] as const
export type PaymentConflictReason = (typeof PAYMENT_CONFLICT_REASONS)[number]
