import type { EngineId, Generation } from '@parti/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { applyGeneration } from '../jobs/cache'
import { fetchLineage, pickVariation, runAgain } from './api'

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
