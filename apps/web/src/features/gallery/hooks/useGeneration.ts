import type { Generation, GenerationsResponse } from '@parti/contract'
import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { generationKeys } from '../../jobs/keys'
import { fetchGeneration } from '../api'

/** A generation already held by a cached list, so the detail area opens at once from the grid. */
function fromLists(qc: QueryClient, id: string): Generation | undefined {
  for (const [, data] of qc.getQueriesData<InfiniteData<GenerationsResponse>>({
    queryKey: generationKeys.lists(),
  })) {
    for (const page of data?.pages ?? []) {
      const found = page.generations.find((g) => g.id === id)
      if (found) return found
    }
  }
  return undefined
}

/**
 * One generation for the detail area, under generationKeys.detail(id): live events write the same key, so a
 * pending job opened here turns into its result without a reload.
 */
export function useGeneration(id: string) {
  const qc = useQueryClient()
  return useQuery({
    queryKey: generationKeys.detail(id),
    queryFn: ({ signal }) => fetchGeneration(id, signal),
    initialData: () => fromLists(qc, id),
    initialDataUpdatedAt: () => Date.now(),
    staleTime: 30_000,
  })
}
