import { PLAN_NAMES, type PlanName, SUBSCRIPTION_TYPES, type SubscriptionType } from '@parti/contract'
import { z } from 'zod'
import { optional, withDefault } from '../lib/env.ts'

const key = (pattern: RegExp, looks: string) =>
  optional(z.string().trim().regex(pattern, `must look like ${looks}`))
const priceId = key(/^price_\w+$/, 'price_…')

/** The environment variable naming Stripe's price for a plan and period, e.g. STRIPE_PRICE_STANDARD_YEARLY. */
const priceVar = (plan: PlanName, billing: SubscriptionType) =>
  `STRIPE_PRICE_${plan.toUpperCase()}_${billing.toUpperCase()}` as PriceVar
type PriceVar = `STRIPE_PRICE_${Uppercase<PlanName>}_${Uppercase<SubscriptionType>}`

const priceVars = Object.fromEntries(
  PLAN_NAMES.flatMap((plan) => SUBSCRIPTION_TYPES.map((billing) => [priceVar(plan, billing), priceId])),
) as Record<PriceVar, typeof priceId>

/**
 * The payment settings (docs/payments.md, .env.example), part of the one schema checked at start (config.ts).
 * Nothing set: the built-in test checkout. STRIPE_SECRET_KEY set: Stripe.
 */
export const PaymentEnvShape = {
  PAYMENT_PROVIDER: optional(z.enum(['local', 'stripe'])),
  STRIPE_SECRET_KEY: key(/^(sk|rk)_(test|live)_\w+$/, 'sk_test_… or sk_live_…'),
  STRIPE_WEBHOOK_SECRET: key(/^whsec_\w+$/, 'whsec_…'),
  STRIPE_PUBLISHABLE_KEY: key(/^pk_(test|live)_\w+$/, 'pk_test_… or pk_live_…'),
  /** the API's address: Stripe's, or a test server's */
  STRIPE_BASE_URL: withDefault(z.url({ protocol: /^https?$/ }), 'https://api.stripe.com'),
  ...priceVars,
}

export type PriceTable = Record<PlanName, Record<SubscriptionType, string | null>>

export type PaymentSettings =
  | { provider: 'local'; testMode: true }
  | {
      provider: 'stripe'
      testMode: boolean
      secretKey: string
      webhookSecret: string
      publishableKey: string | null
      baseUrl: string
      /** Stripe price ids per plan and period; null: the checkout sends the catalogue price inline */
      prices: PriceTable
    }

type PaymentEnv = Partial<Record<keyof typeof PaymentEnvShape, string>>

/**
 * The settings, and one problem per variable at fault: a key whose companion is missing (a webhook secret
 * without the secret key, the secret key without the webhook secret or PUBLIC_URL), or test and live keys mixed.
 */
export function parsePaymentSettings(
  env: PaymentEnv,
  options: { publicUrlSet: boolean },
): { settings: PaymentSettings; problems: string[] } {
  const problems: string[] = []
  const secret = env.STRIPE_SECRET_KEY
  const prices = Object.fromEntries(
    PLAN_NAMES.map((plan) => [
      plan,
      Object.fromEntries(
        SUBSCRIPTION_TYPES.map((billing) => [billing, env[priceVar(plan, billing)] ?? null]),
      ),
    ]),
  ) as PriceTable

  const local: PaymentSettings = { provider: 'local', testMode: true }
  // PAYMENT_PROVIDER=local with Stripe keys set is allowed: an operator trying the test checkout first
  if (env.PAYMENT_PROVIDER === 'local') return { settings: local, problems }
  if (!secret) {
    const companions = [
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PUBLISHABLE_KEY',
      ...PLAN_NAMES.flatMap((p) => SUBSCRIPTION_TYPES.map((b) => priceVar(p, b))),
    ].filter((k) => env[k as keyof PaymentEnv])
    const because = env.PAYMENT_PROVIDER === 'stripe' ? 'PAYMENT_PROVIDER=stripe' : companions[0]
    if (because) problems.push(`STRIPE_SECRET_KEY: required because ${because} is set`)
    return { settings: local, problems }
  }
  if (!env.STRIPE_WEBHOOK_SECRET)
    problems.push('STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (the webhook grants the credits)')
  if (!options.publicUrlSet)
    problems.push('PUBLIC_URL: required with STRIPE_SECRET_KEY (Stripe sends the customer back to it)')
  const testMode = /^(sk|rk)_test_/.test(secret)
  const pk = env.STRIPE_PUBLISHABLE_KEY
  if (pk && pk.startsWith('pk_test_') !== testMode)
    problems.push(
      `STRIPE_PUBLISHABLE_KEY: a ${testMode ? 'live' : 'test'} key with a ${testMode ? 'test' : 'live'} secret key`,
    )
  return {
    settings: {
      provider: 'stripe',
      testMode,
      secretKey: secret,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      publishableKey: pk ?? null,
      baseUrl: env.STRIPE_BASE_URL ?? 'https://api.stripe.com',
      prices,
    },
    problems,
  }
}
