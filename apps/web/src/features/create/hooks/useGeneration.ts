import type { Generation } from '@parti/contract'
import { useQueries, useQuery } from '@tanstack/react-query'
import { call } from '../../../lib/api'
import { generationKeys } from '../../jobs/keys'

async function fetchGeneration(id: string): Promise<Generation> {
  const { generations } = await call('GET /user/generations/status', { query: { ids: id } })
  const g = generations[0]
  if (!g) throw new Error('not found')
  return g
}

const options = (id: string) => ({
  queryKey: generationKeys.detail(id),
  queryFn: () => fetchGeneration(id),
  // the event stream (or the 5 s fallback) patches this entry as the job moves; nothing to refetch
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
})

/** One generation as the live cache knows it: it turns completed (or failed) by itself. */
export function useGeneration(id: string | null | undefined) {
  return useQuery({ ...options(id ?? ''), enabled: !!id })
}

/** Several, e.g. the angles of a multi-angle batch, in the order given. */
export function useGenerations(ids: readonly string[]): Array<Generation | undefined> {
  return useQueries({
    queries: ids.map((id) => options(id)),
    combine: (results) => results.map((r) => r.data),
  })
}
