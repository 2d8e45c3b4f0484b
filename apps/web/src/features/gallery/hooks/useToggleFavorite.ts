import type { Generation } from '@parti/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { applyGeneration, patchGeneration } from '../../jobs/cache'
import { setFavorite } from '../api'

interface Toggle {
  id: string
  favorite: boolean
}

/**
 * docs/product.md#favourite: the favourite toggle is applied at once, everywhere the item shows, and reverted
 * with 'Failed to update favorite status' when the call fails. The server's answer is then applied like any
 * live update (which also moves the item into or out of a cached Favorites list).
 */
export function useToggleFavorite() {
  const qc = useQueryClient()
  const { t } = useTranslation('app')
  const mutation = useMutation({
    mutationFn: ({ id, favorite }: Toggle) => setFavorite(id, favorite),
    onMutate: ({ id, favorite }) => patchGeneration(qc, id, { favorite }),
    onError: (_error, { id, favorite }) => {
      patchGeneration(qc, id, { favorite: !favorite })
      toast.error(t('messages.data.updateFavorite'), { id: `favorite-${id}` })
    },
    onSuccess: (generation, { favorite }) => {
      applyGeneration(qc, generation)
      toast.success(t(favorite ? 'toasts.favoriteAdded' : 'toasts.favoriteRemoved'), {
        id: `favorite-${generation.id}`,
        duration: 2000,
      })
    },
  })
  const { mutate } = mutation
  // stable, so memoised tiles do not re-render when the gallery does
  return useCallback(
    (g: Pick<Generation, 'id' | 'favorite'>) => mutate({ id: g.id, favorite: !g.favorite }),
    [mutate],
  )
}
