import type { Generation } from '@parti/contract'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { type GenerationFilters, generationKeys } from '../../jobs/keys'
import { fetchGenerationsPage } from '../api'

/**
 * One gallery list: an infinite query under generationKeys.list(filters), so the live-updates engine
 * (features/jobs/useLiveJobs) patches it in place as jobs start, progress, finish or disappear. Pages are the
 * server's keyset pages, newest first; the flattened list drops failed jobs (docs/product.md#placeholders: a
 * failed placeholder is removed) and any repeat, so a row can never show twice.
 */
export function useGalleryList(filters: GenerationFilters) {
  const query = useInfiniteQuery({
    queryKey: generationKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchGenerationsPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // the event stream keeps cached lists current; coming back to the gallery should not reload every page
    staleTime: 60_000,
    // pages are appended and patched immutably (features/jobs/cache.ts), so unchanged items keep their identity
    // anyway; deep-comparing a thousand results on every page that arrives costs a frame on a slow laptop
    structuralSharing: false,
  })
  const items = useMemo(() => {
    const seen = new Set<string>()
    const out: Generation[] = []
    for (const page of query.data?.pages ?? []) {
      for (const g of page.generations) {
        if (g.status === 'failed' || g.deleted || seen.has(g.id)) continue
        seen.add(g.id)
        out.push(g)
      }
    }
    return out
  }, [query.data])
  return { ...query, items }
}
