import type { Generation } from '@parti/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { isApiError } from '../../../lib/api'
import { removeGeneration } from '../../jobs/cache'
import { untrackJob } from '../../jobs/tracker'
import { statsQueryKey } from '../../jobs/useJobCounts'
import { deleteGeneration } from '../api'

/**
 * docs/product.md#delete: a deleted item leaves every list after the server says so (not before: a delete
 * that fails must not make a result look gone). A job still waiting is cancelled and refunded by the server;
 * the counters follow.
 */
export function useDeleteGeneration(options: { onDeleted?: (g: Generation) => void } = {}) {
  const qc = useQueryClient()
  const { t } = useTranslation('app')
  return useMutation({
    mutationFn: async (g: Generation) => {
      try {
        await deleteGeneration(g.id)
      } catch (error) {
        // already gone (deleted in another tab): the outcome the user asked for
        if (!(isApiError(error) && error.status === 404)) throw error
      }
      return g
    },
    onSuccess: (g) => {
      removeGeneration(qc, g.id)
      untrackJob(g.id)
      void qc.invalidateQueries({ queryKey: statsQueryKey })
      toast.success(t('toasts.generationDeleted'))
      options.onDeleted?.(g)
    },
    onError: () => toast.error(t('toasts.generationDeleteError')),
  })
}
