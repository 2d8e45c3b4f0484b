import type {
  ALaCarteRequest,
  CheckoutSession,
  CheckoutSessionRequest,
  CheckoutStartResponse,
  PaymentsConfigResponse,
  Plan,
  Subscription,
} from '@parti/contract'
import { api } from '../../lib/api'

/** spec §7 payments calls the pricing page makes. */

export const pricingKeys = {
  plans: ['pricing', 'plans'] as const,
  config: ['pricing', 'config'] as const,
  subscriptions: ['pricing', 'subscriptions'] as const,
}

export async function fetchPlans(signal?: AbortSignal): Promise<Plan[]> {
  return (await api.get<{ plans: Plan[] }>('/user/plans', { signal })).plans
}

export function fetchPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfigResponse> {
  return api.get<PaymentsConfigResponse>('/payments/config', { signal })
}

export async function fetchSubscriptions(signal?: AbortSignal): Promise<Subscription[]> {
  return (await api.get<{ subscriptions: Subscription[] }>('/user/subscriptions', { signal })).subscriptions
}

export function createCheckoutSession(body: CheckoutSessionRequest): Promise<CheckoutStartResponse> {
  return api.post<CheckoutStartResponse>('/payments/create-checkout-session', body)
}

export function createALaCartePayment(body: ALaCarteRequest): Promise<CheckoutStartResponse> {
  return api.post<CheckoutStartResponse>('/payments/create-a-la-carte-payment', body)
}

export async function fetchCheckoutSession(id: string): Promise<CheckoutSession> {
  return (await api.get<{ session: CheckoutSession }>(`/payments/checkout-session/${encodeURIComponent(id)}`))
    .session
}

export function createPortalSession(): Promise<{ url: string }> {
  return api.post<{ url: string }>('/payments/create-portal-session', {})
}

export function cancelSubscription(): Promise<{ success: true; message: string }> {
  return api.post('/payments/cancel-subscription', {})
}

export function renewSubscription(id: string): Promise<{ subscription: Subscription }> {
  return api.post(`/user/subscriptions/${encodeURIComponent(id)}/renew`, {})
}

/** Off to the provider's page (or the built-in test checkout); this page unloads. */
export function goTo(url: string): void {
  window.location.assign(url)
}
