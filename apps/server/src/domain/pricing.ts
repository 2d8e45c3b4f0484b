import {
  CREDITS_PER_EUR,
  MAX_A_LA_CARTE_EUR,
  MIN_A_LA_CARTE_EUR,
  PLAN_CATALOGUE,
  type PlanName,
  type SubscriptionType,
} from '@parti/contract'

/** What one billing period of a subscription costs and brings. */
export interface SubscriptionPrice {
  plan: PlanName
  billingType: SubscriptionType
  /** EUR cents charged each period */
  amountCents: number
  interval: 'month' | 'year'
  /** credits added when the period's payment succeeds */
  creditsPerPeriod: number
}

/**
 * docs/product.md#plan-prices. Yearly is billed once a year at the catalogue's yearly total (20% off monthly;
 * Pro rounds to EUR 79 a month = EUR 948 a year, docs/decisions/0004-yearly-discount.md).
 * docs/decisions/0038-yearly-credits-at-once.md: a yearly payment adds the year's credits at once (12 ×
 * monthly): credits never expire, so nothing is lost, and no monthly grant job has to run between yearly
 * invoices. A monthly payment adds the month's credits.
 */
export function subscriptionPrice(plan: PlanName, billingType: SubscriptionType): SubscriptionPrice {
  const p = PLAN_CATALOGUE[plan]
  const yearly = billingType === 'yearly'
  return {
    plan,
    billingType,
    amountCents: yearly ? p.priceYearlyCents : p.priceMonthlyCents,
    interval: yearly ? 'year' : 'month',
    creditsPerPeriod: yearly ? p.monthlyCredits * 12 : p.monthlyCredits,
  }
}

/** The discount of yearly billing against twelve monthly payments, in whole percent. */
export function yearlyDiscountPercent(plan: PlanName): number {
  const p = PLAN_CATALOGUE[plan]
  return Math.round((1 - p.priceYearlyCents / (p.priceMonthlyCents * 12)) * 100)
}

/** A one-off purchase of credits: what is charged and what is added once it is paid. */
export interface OneOffOrder {
  amountCents: number
  credits: number
}

export type OrderResult = { ok: true; order: OneOffOrder } | { ok: false; field: string; message: string }

/**
 * docs/product.md#validation-a-la-carte: whole euros, at least 1; credits = amount × 200
 * (docs/product.md#a-la-carte). The credits the browser sends must be exactly that, so a page showing stale
 * figures cannot buy something other than what it showed.
 */
export function aLaCarteOrder(amount: number, credits: number): OrderResult {
  if (!Number.isInteger(amount) || amount < MIN_A_LA_CARTE_EUR)
    return { ok: false, field: 'amount', message: `amount: whole euros, at least ${MIN_A_LA_CARTE_EUR}` }
  if (amount > MAX_A_LA_CARTE_EUR)
    return { ok: false, field: 'amount', message: `amount: at most ${MAX_A_LA_CARTE_EUR} euros at once` }
  const expected = amount * CREDITS_PER_EUR
  if (credits !== expected)
    return {
      ok: false,
      field: 'credits',
      message: `credits: must be amount × ${CREDITS_PER_EUR} (${expected} for ${amount} EUR)`,
    }
  return { ok: true, order: { amountCents: amount * 100, credits } }
}

/**
 * POST /payments/create-payment-session {plan} and /user/credits/purchase {plan}: one month of a plan's credits
 * bought once, at its monthly price, without a subscription. Every plan is priced at 200 credits per euro, so
 * this is the same rate as à la carte.
 */
export function planPackOrder(plan: PlanName): OneOffOrder {
  const p = PLAN_CATALOGUE[plan]
  return { amountCents: p.priceMonthlyCents, credits: p.monthlyCredits }
}

const PLAN_LABEL: Record<PlanName, string> = { lite: 'Lite', standard: 'Standard', pro: 'Pro' }

/** The line a provider's checkout and receipts show (English: Stripe renders its own page around it). */
export function productName(
  order:
    | { kind: 'subscription'; plan: PlanName; billingType: SubscriptionType }
    | { kind: 'credits'; credits: number },
): string {
  if (order.kind === 'subscription')
    return `Parti ${PLAN_LABEL[order.plan]} (${order.billingType === 'yearly' ? 'yearly' : 'monthly'})`
  return `${new Intl.NumberFormat('en').format(order.credits)} Parti credits`
}
