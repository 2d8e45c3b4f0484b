import type {
  ALaCarteRequest,
  CheckoutSession,
  CheckoutSessionRequest,
  CheckoutStartResponse,
  PaymentsConfigResponse,
  Plan,
  PortalRequest,
  Subscription,
} from '@parti/contract'
import { call } from '../../lib/api'

/** The payments calls (docs/product.md#api-payments) the pricing page makes. */

export const pricingKeys = {
  plans: ['pricing', 'plans'] as const,
  config: ['pricing', 'config'] as const,
  subscriptions: ['pricing', 'subscriptions'] as const,
}

export async function fetchPlans(signal?: AbortSignal): Promise<Plan[]> {
  return (await call('GET /user/plans', { signal })).plans
}

export function fetchPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfigResponse> {
  return call('GET /payments/config', { signal })
}

export async function fetchSubscriptions(signal?: AbortSignal): Promise<Subscription[]> {
  return (await call('GET /user/subscriptions', { signal })).subscriptions
}

export function createCheckoutSession(body: CheckoutSessionRequest): Promise<CheckoutStartResponse> {
  return call('POST /payments/create-checkout-session', { body })
}

export function createALaCartePayment(body: ALaCarteRequest): Promise<CheckoutStartResponse> {
  return call('POST /payments/create-a-la-carte-payment', { body })
}

export async function fetchCheckoutSession(id: string): Promise<CheckoutSession> {
  return (await call('GET /payments/checkout-session/{id}', { params: { id } })).session
}

/** The billing portal; with a plan and period, opened on that change (docs/product.md#plan-change). */
export function createPortalSession(body: PortalRequest = {}) {
  return call('POST /payments/create-portal-session', { body })
}

export function cancelSubscription() {
  return call('POST /payments/cancel-subscription')
}

export function renewSubscription(id: string) {
  return call('POST /user/subscriptions/{id}/renew', { params: { id } })
}

/** Off to the provider's page (or the built-in test checkout); this page unloads. */
export function goTo(url: string): void {
  window.location.assign(url)
}
