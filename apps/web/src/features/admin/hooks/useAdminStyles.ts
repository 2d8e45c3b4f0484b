import type { AdminStyle, AdminStylesResponse, StyleInput } from '@parti/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import {
  adminStylesKey,
  cleanUpStyles,
  createStyle,
  deleteStyle,
  fetchAdminStyles,
  initializeStyles,
  reorderStyles,
  updateStyle,
  uploadStyleImage,
} from '../api'
import { positions, withCategoryOrder } from '../reorder'

// the creation screens read the public catalogue under this key (create/hooks/useCatalog.ts)
const publicCatalogue = ['catalog'] as const

export function useAdminStyles() {
  return useQuery({ queryKey: adminStylesKey, queryFn: ({ signal }) => fetchAdminStyles(signal) })
}

/** After any change: the admin list and the catalogue the creation screens show are read again. */
function useRefresh() {
  const qc = useQueryClient()
  return () => {
    void qc.invalidateQueries({ queryKey: adminStylesKey })
    void qc.invalidateQueries({ queryKey: publicCatalogue })
  }
}

/** Create (id null) or edit a style. Errors stay with the form, which shows them beside the fields. */
export function useSaveStyle() {
  const { t } = useTranslation('admin')
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: StyleInput }) =>
      id ? updateStyle(id, input) : createStyle(input),
    onSuccess: (style, { id }) => {
      toast.success(t(id ? 'toasts.saved' : 'toasts.created', { name: style.name }))
      refresh()
    },
  })
}

export function useDeleteStyle() {
  const { t } = useTranslation('admin')
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (style: AdminStyle) => deleteStyle(style.id).then(() => style),
    onSuccess: (style) => {
      toast.success(t('toasts.deleted', { name: style.name }))
      refresh()
    },
    onError: () => toast.error(t('toasts.deleteFailed')),
  })
}

/**
 * Move styles within a category: the list changes at once, the new positions go to the server one request
 * after another (so a quick series of moves arrives in order), and a failure puts the server's order back.
 */
export function useReorderStyles() {
  const qc = useQueryClient()
  const { t } = useTranslation('admin')
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const pending = useRef(0)
  return (categoryId: string, ordered: AdminStyle[]) => {
    qc.setQueryData<AdminStylesResponse>(adminStylesKey, (data) =>
      data ? { ...data, styles: withCategoryOrder(data.styles, categoryId, ordered) } : data,
    )
    pending.current++
    queue.current = queue.current
      .then(() => reorderStyles(positions(ordered)))
      .then(
        (fresh) => {
          if (pending.current === 1) qc.setQueryData(adminStylesKey, fresh)
          void qc.invalidateQueries({ queryKey: publicCatalogue })
        },
        () => {
          toast.error(t('toasts.reorderFailed'))
          void qc.invalidateQueries({ queryKey: adminStylesKey })
        },
      )
      .finally(() => {
        pending.current--
      })
  }
}

export function useInitializeStyles() {
  const { t } = useTranslation('admin')
  const refresh = useRefresh()
  return useMutation({
    mutationFn: initializeStyles,
    onSuccess: ({ added }) => {
      toast.success(added ? t('toasts.restored', { count: added }) : t('toasts.nothingToRestore'))
      refresh()
    },
    onError: () => toast.error(t('toasts.actionFailed')),
  })
}

export function useCleanUpStyles() {
  const { t } = useTranslation('admin')
  const refresh = useRefresh()
  return useMutation({
    mutationFn: cleanUpStyles,
    onSuccess: (r) => {
      const changes = r.renamed.length + r.renumbered + r.removedCategories.length + r.clearedImages
      if (!changes) toast.success(t('toasts.nothingToClean'))
      else
        toast.success(t('toasts.cleaned'), {
          description: [
            r.renamed.length && t('cleanup.renamed', { count: r.renamed.length }),
            r.renumbered && t('cleanup.renumbered', { count: r.renumbered }),
            r.removedCategories.length &&
              t('cleanup.removedCategories', { count: r.removedCategories.length }),
            r.clearedImages && t('cleanup.clearedImages', { count: r.clearedImages }),
          ]
            .filter(Boolean)
            .join(' · '),
        })
      refresh()
    },
    onError: () => toast.error(t('toasts.actionFailed')),
  })
}

/** docs/product.md#toasts: upload success and error toasts; the form shows the reason too. */
export function useUploadStyleImage() {
  const { t } = useTranslation('admin')
  return useMutation({
    mutationFn: uploadStyleImage,
    onSuccess: () => toast.success(t('toasts.uploaded')),
    onError: () => toast.error(t('toasts.uploadFailed')),
  })
}
