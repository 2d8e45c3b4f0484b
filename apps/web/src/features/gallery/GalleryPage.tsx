import type { Generation } from '@parti/contract'
import { Tabs } from 'radix-ui'
import { type ReactNode, useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useJobCounts } from '../jobs/useJobCounts'
import { DeleteGenerationDialog } from './components/DeleteGenerationDialog'
import { GalleryGrid } from './components/GalleryGrid'
import { GalleryEmpty, GalleryError, GallerySkeleton } from './components/GalleryStates'
import { GalleryToolbar } from './components/GalleryToolbar'
import { DetailView } from './detail/DetailView'
import { resultUrl } from './download'
import { type GalleryTab, type GalleryView, readView, toFilters, writeView } from './filters'
import { useDeleteGeneration } from './hooks/useDeleteGeneration'
import { useDownload } from './hooks/useDownload'
import { useGalleryList } from './hooks/useGalleryList'
import { useToggleFavorite } from './hooks/useToggleFavorite'

/**
 * The gallery (docs/product.md#gallery): tabs filtered on the server, jobs in progress, live placeholders, a
 * virtualised grid of thumbnails paged by keyset, search and filters, and the detail area (`?item=<id>`) over
 * it. The address holds the whole view, so a reload, a shared link or the back button lands on the same
 * thing.
 */
export default function GalleryPage() {
  const { t, i18n } = useTranslation('gallery')
  const [params, setParams] = useSearchParams()
  // stable while the address is: the toolbar (memoised) does not re-render when a page of results arrives
  const view = useMemo(() => readView(params), [params])
  const viewKey = writeView(new URLSearchParams(), view).toString()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters change only when the view does
  const filters = useMemo(() => toFilters(view), [viewKey])
  const list = useGalleryList(filters)
  const counts = useJobCounts()
  const openId = params.get('item')

  const [toDelete, setToDelete] = useState<Generation | null>(null)
  const toggleFavorite = useToggleFavorite()
  const download = useDownload()
  const remove = useDeleteGeneration({ onDeleted: () => setToDelete(null) })

  const changeView = useCallback(
    (next: Partial<GalleryView>) => setParams((p) => writeView(p, next), { replace: true }),
    [setParams],
  )
  const open = useCallback(
    (g: Pick<Generation, 'id'>) =>
      setParams((p) => {
        const next = new URLSearchParams(p)
        next.set('item', g.id)
        // a mode asked for by a link (`&mode=upscale`) belongs to the result it was asked for
        next.delete('mode')
        return next
      }),
    [setParams],
  )
  const close = useCallback(
    () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p)
          next.delete('item')
          next.delete('mode')
          return next
        },
        { replace: true },
      ),
    [setParams],
  )
  const onDownload = useCallback((g: Generation) => download(g, resultUrl(g)), [download])

  const { items } = list
  let content: ReactNode
  if (list.isPending) content = <GallerySkeleton />
  else if (list.isError && !items.length) content = <GalleryError onRetry={() => list.refetch()} />
  else if (!items.length)
    content = (
      <GalleryEmpty view={view} onClearFilters={() => changeView({ q: '', kind: null, date: 'any' })} />
    )
  else
    content = (
      <GalleryGrid
        items={items}
        label={t(`tabs.${view.tab}`)}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
        onOpen={open}
        onToggleFavorite={toggleFavorite}
        onDownload={onDownload}
        onDelete={setToDelete}
      />
    )

  return (
    <div className="mx-auto flex w-full max-w-[1680px] flex-1 flex-col px-4 py-5 sm:px-6 lg:px-8 lg:py-7">
      <Tabs.Root
        value={view.tab}
        onValueChange={(tab) => changeView({ tab: tab as GalleryTab })}
        dir={i18n.dir()}
        activationMode="manual"
        className="flex flex-1 flex-col gap-5"
      >
        <GalleryToolbar view={view} onChange={changeView} inProgress={counts.total} />
        <Tabs.Content value={view.tab} className="flex flex-1 flex-col outline-none" tabIndex={-1}>
          {content}
        </Tabs.Content>
      </Tabs.Root>

      {openId && (
        <DetailView
          id={openId}
          items={items}
          hasNextPage={list.hasNextPage}
          fetchNextPage={list.fetchNextPage}
          onOpen={open}
          onClose={close}
          onToggleFavorite={toggleFavorite}
          onDelete={setToDelete}
        />
      )}

      <DeleteGenerationDialog
        generation={toDelete}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={(g) => remove.mutate(g)}
      />
    </div>
  )
}
