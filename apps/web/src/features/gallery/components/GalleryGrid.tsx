import type { Generation } from '@parti/contract'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Spinner } from '../../../components/ui/Spinner'
import { useGridWindow } from '../hooks/useGridWindow'
import { GalleryTile, type TileActions } from './GalleryTile'

interface GalleryGridProps extends TileActions {
  items: Generation[]
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
  label: string
}

/** Rows before the end of what is loaded at which the next page is asked for. */
const PREFETCH_ROWS = 4

/**
 * The virtualised grid: only the rows in view (plus a couple each side) are in the DOM, each tile absolutely
 * placed in a box as tall as the whole list, so the scrollbar is right and nothing shifts as pages arrive. Tiles
 * sit at logical offsets (inset-inline-start), so the grid fills right to left in Arabic. When the rows in view
 * come within a few rows of the last loaded one, the next keyset page is fetched, once.
 */
export function GalleryGrid({
  items,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  label,
  ...actions
}: GalleryGridProps) {
  const { t } = useTranslation('gallery')
  const { t: tJobs } = useTranslation('jobs')
  const ref = useRef<HTMLUListElement>(null)
  const { layout, range } = useGridWindow(ref, { count: items.length })
  const { columns, tile, gap } = layout

  const nearEnd = range.end >= layout.rows - PREFETCH_ROWS
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage) fetchNextPage()
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPage])

  const tiles = []
  const first = range.start * columns
  const last = Math.min(items.length, range.end * columns)
  for (let i = first; i < last; i++) {
    const g = items[i]!
    const row = Math.floor(i / columns)
    const col = i % columns
    tiles.push(
      <li
        key={g.id}
        aria-posinset={i + 1}
        aria-setsize={hasNextPage ? -1 : items.length}
        className="absolute"
        style={{
          top: row * (tile + gap),
          insetInlineStart: col * (tile + gap),
          width: tile,
          height: tile,
          // a tile's layout and paint never affect the others'
          contain: 'strict',
        }}
      >
        <GalleryTile generation={g} t={t} tJobs={tJobs} {...actions} />
      </li>,
    )
  }

  return (
    <>
      <ul
        ref={ref}
        aria-label={label}
        data-testid="gallery-grid"
        data-count={items.length}
        className="relative w-full"
        style={{ height: layout.totalHeight, contain: 'layout' }}
      >
        {tile > 0 && tiles}
      </ul>
      <div className="flex h-16 items-center justify-center" aria-live="polite">
        {isFetchingNextPage && <Spinner label={t('list.loadingMore')} />}
        {!hasNextPage && items.length > 24 && (
          <span className="text-xs text-fg-subtle" data-testid="gallery-end">
            {t('list.end')}
          </span>
        )}
      </div>
    </>
  )
}
