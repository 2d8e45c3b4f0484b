import { useQuery } from '@tanstack/react-query'
import { fetchPaymentsConfig, fetchPlans, fetchSubscriptions, pricingKeys } from '../api'

/** GET /user/plans (docs/product.md#api-user): prices in cents, credits and feature keys. */
export function usePlans() {
  return useQuery({
    queryKey: pricingKeys.plans,
    queryFn: ({ signal }) => fetchPlans(signal),
    staleTime: 10 * 60_000,
  })
}

/** Which provider runs: the page says 'test mode' for the built-in checkout and Stripe's test keys. */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: pricingKeys.config,
    queryFn: ({ signal }) => fetchPaymentsConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useSubscriptions(enabled: boolean) {
  return useQuery({
    queryKey: pricingKeys.subscriptions,
    queryFn: ({ signal }) => fetchSubscriptions(signal),
    enabled,
  })
}
