import type { Kind, KindCapabilities } from '@parti/contract'
import { useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api'

const capabilitiesQueryKey = ['capabilities'] as const

/**
 * GET /api/capabilities (docs/product.md#capabilities): what the engines serving each kind do, for this server
 * and the caller's plan. It changes only with the server's configuration or the plan, so it is kept a while.
 */
export function useCapabilities(kind: Kind): KindCapabilities | undefined {
  const { data } = useQuery({
    queryKey: capabilitiesQueryKey,
    queryFn: () => call('GET /capabilities'),
    staleTime: 5 * 60_000,
  })
  return data?.kinds[kind]
}
