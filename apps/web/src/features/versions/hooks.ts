import type { EngineId, Generation } from '@parti/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { applyGeneration } from '../jobs/cache'
import { generationKeys } from '../jobs/keys'
import { fetchLineage, fetchRequest, pickVariation, runAgain } from './api'

const lineageKey = (id: string) => ['generations', 'lineage', id] as const

/** The versions tree of a result; refetched when opened again (edits may have been made since). */
export function useLineage(id: string | null | undefined) {
  return useQuery({
    queryKey: lineageKey(id ?? ''),
    queryFn: ({ signal }) => fetchLineage(id!, signal),
    enabled: !!id,
    staleTime: 5_000,
  })
}

/**
 * The ids of a request's variations (Ask Parti's conversation names only the first), in order; each one's
 * status then comes live from its own entry. Nothing for a request of one.
 */
export function useRequestIds(batchId: string | null | undefined) {
  const qc = useQueryClient()
  return useQuery({
    queryKey: ['generations', 'request', batchId ?? ''] as const,
    queryFn: async ({ signal }) => {
      const found = await fetchRequest(batchId!, signal)
      // what the list said is each one's state now; the live entries take it from here
      for (const g of found)
        if (!qc.getQueryData(generationKeys.detail(g.id))) qc.setQueryData(generationKeys.detail(g.id), g)
      return found.map((g) => g.id)
    },
    enabled: !!batchId,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** Keep one variation: the server's answer updates every place the request's variations show. */
export function usePickVariation() {
  const qc = useQueryClient()
  const { t } = useTranslation('versions')
  return useMutation({
    mutationFn: (id: string) => pickVariation(id),
    onSuccess: (generations: Generation[]) => {
      for (const g of generations) applyGeneration(qc, g)
    },
    onError: () => toast.error(t('variations.pickFailed')),
  })
}

/** Run a result again from its recipe; the new job shows up live like any other. */
export function useRunAgain(onStarted?: (g: Generation) => void) {
  const qc = useQueryClient()
  const { t } = useTranslation('versions')
  return useMutation({
    mutationFn: ({ id, engine }: { id: string; engine?: EngineId }) => runAgain(id, engine),
    onSuccess: (g) => {
      applyGeneration(qc, g)
      toast.success(t('madeWith.started'))
      onStarted?.(g)
    },
    onError: () => toast.error(t('madeWith.failed')),
  })
}
