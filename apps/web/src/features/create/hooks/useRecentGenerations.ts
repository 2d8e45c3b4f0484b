import type { Generation } from '@parti/contract'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { call } from '../../../lib/api'
import { listQuery } from '../../gallery/filters'
import { type GenerationFilters, generationKeys } from '../../jobs/keys'

const PAGE = 24

/**
 * A screen's recent results (pending ones included, as placeholders), as an infinite query under
 * generationKeys.list(filters): the live-updates engine slots new jobs in and turns them completed in place.
 */
export function useRecentGenerations(filters: GenerationFilters, { enabled = true } = {}) {
  const result = useInfiniteQuery({
    queryKey: generationKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      call('GET /user/generations', { query: listQuery(filters, pageParam, PAGE), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 60_000,
    enabled,
  })
  const items = useMemo(() => {
    const seen = new Set<string>()
    const out: Generation[] = []
    for (const page of result.data?.pages ?? [])
      for (const g of page.generations) {
        if (g.status === 'failed' || g.deleted || seen.has(g.id)) continue
        seen.add(g.id)
        out.push(g)
      }
    return out
  }, [result.data])
  return { ...result, items }
}
