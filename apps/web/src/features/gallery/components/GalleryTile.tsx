import type { Generation } from '@parti/contract'
import type { TFunction } from 'i18next'
import { Download, Play, Star, Trash2, X } from 'lucide-react'
import { type FocusEvent, memo, useState } from 'react'
import { cn } from '../../../components/ui/cn'
import { ElapsedSeconds } from '../../jobs/ElapsedSeconds'
import { KIND_UI } from '../../jobs/kinds'
import { isPending } from '../kinds'

export interface TileActions {
  onOpen: (g: Generation) => void
  onToggleFavorite: (g: Generation) => void
  onDownload: (g: Generation) => void
  onDelete: (g: Generation) => void
}

interface GalleryTileProps extends TileActions {
  generation: Generation
  /** the gallery namespace's t, passed down so a thousand tiles do not each subscribe to i18n */
  t: TFunction<'gallery'>
  tJobs: TFunction<'jobs'>
}

/**
 * Touch screens have no hover: their tiles keep the star (one tap to keep a result) and leave the prompt,
 * download and delete to the detail area a tap away, so a phone's small tiles stay pictures.
 */
const NO_HOVER = typeof window !== 'undefined' && !!window.matchMedia?.('(hover: none)').matches

const iconButton =
  'grid size-8 place-items-center rounded-lg bg-black/55 transition-colors ' +
  'hover:bg-black/75 focus-visible:outline-white [&_svg]:size-4'

/**
 * One result in the grid: the server-made 512 px thumbnail in a square box (no layout shift), lazy and decoded
 * off the main thread. The prompt and the actions (favourite, download, delete) appear on hover or keyboard
 * focus, and are only put in the page then: a tile entering the screen during a fast scroll is an image and a
 * button, which keeps a thousand-item scroll smooth on a slow laptop. A favourite's star always shows (on touch
 * screens every star does). A pending job is a placeholder with its seconds.
 */
export const GalleryTile = memo(function GalleryTile({
  generation: g,
  t,
  tJobs,
  onOpen,
  onToggleFavorite,
  onDownload,
  onDelete,
}: GalleryTileProps) {
  const [active, setActive] = useState(false)
  if (isPending(g))
    return <PendingTile generation={g} onOpen={onOpen} onDelete={onDelete} t={t} tJobs={tJobs} />

  const kind = t(`kinds.${g.mode}`)
  const Icon = KIND_UI[g.mode].icon
  const prompt = g.userPrompt.trim()
  const openLabel = prompt ? t('tile.open', { kind, prompt }) : t('tile.openUntitled', { kind })
  const shown = active
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setActive(false)
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only reveal the tile's own buttons
    <div
      className="group relative size-full"
      data-testid="gallery-tile"
      data-id={g.id}
      onPointerEnter={() => setActive(true)}
      onPointerLeave={() => setActive(false)}
      onFocus={() => setActive(true)}
      onBlur={onBlur}
    >
      <button
        type="button"
        onClick={() => onOpen(g)}
        aria-label={openLabel}
        data-testid="tile-open"
        className="absolute inset-0 overflow-hidden rounded-xl bg-surface-3 focus-visible:outline-offset-2"
      >
        {g.thumbnailUrl && (
          <img
            src={g.thumbnailUrl}
            alt=""
            loading="lazy"
            decoding="async"
            width={512}
            height={512}
            draggable={false}
            className="size-full object-cover"
          />
        )}
        {shown && (
          <span className="absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-gradient-to-t from-black/75 via-black/35 to-transparent px-3 pt-8 pb-2.5 text-start text-white">
            <span className="flex items-center gap-1.5 text-[11px] font-medium tracking-wide text-white/80 uppercase">
              <Icon className="size-3.5" aria-hidden />
              {kind}
            </span>
            {prompt && <span className="line-clamp-2 text-[13px] leading-snug">{prompt}</span>}
          </span>
        )}
        {g.type === 'video' && !shown && (
          <span className="absolute start-2 bottom-2 flex items-center gap-1 rounded-md bg-black/60 px-1.5 py-0.5 text-[11px] font-medium text-white tabular-nums">
            <Play className="size-3 fill-current" aria-hidden />
            {t('tile.seconds', { seconds: g.metadata.duration ?? 6 })}
          </span>
        )}
      </button>

      {(shown || g.favorite || NO_HOVER) && (
        <button
          type="button"
          aria-pressed={g.favorite}
          aria-label={g.favorite ? t('actions.unfavorite') : t('actions.favorite')}
          data-testid="tile-favorite"
          onClick={() => onToggleFavorite(g)}
          className={cn(iconButton, 'absolute start-2 top-2', g.favorite ? 'text-amber-300' : 'text-white')}
        >
          <Star className={cn(g.favorite && 'fill-current')} aria-hidden />
        </button>
      )}

      {shown && (
        <div className="absolute end-2 top-2 flex gap-1">
          <button
            type="button"
            className={cn(iconButton, 'text-white')}
            aria-label={t('actions.download')}
            data-testid="tile-download"
            onClick={() => onDownload(g)}
          >
            <Download aria-hidden />
          </button>
          <button
            type="button"
            className={cn(iconButton, 'text-white')}
            aria-label={t('actions.delete')}
            data-testid="tile-delete"
            onClick={() => onDelete(g)}
          >
            <Trash2 aria-hidden />
          </button>
        </div>
      )}
    </div>
  )
})

function PendingTile({
  generation: g,
  onOpen,
  onDelete,
  t,
  tJobs,
}: {
  generation: Generation
  onOpen: (g: Generation) => void
  onDelete: (g: Generation) => void
  t: TFunction<'gallery'>
  tJobs: TFunction<'jobs'>
}) {
  const kind = t(`kinds.${g.mode}`)
  const Icon = KIND_UI[g.mode].icon
  const percent = Math.round(g.progress * 100)
  return (
    <div
      className="group relative size-full"
      data-testid="gallery-pending"
      data-id={g.id}
      data-status={g.status}
    >
      <button
        type="button"
        onClick={() => onOpen(g)}
        aria-label={t('tile.openPending', { kind })}
        className={cn(
          'absolute inset-0 flex flex-col items-center justify-center gap-2 overflow-hidden rounded-xl',
          'border border-dashed border-border-strong bg-surface-2 px-3 text-center',
        )}
      >
        <span className="absolute inset-0 animate-pulse bg-gradient-to-br from-accent-soft/60 via-transparent to-accent-soft/40" />
        <span className="relative grid size-10 place-items-center rounded-full bg-surface text-accent shadow-card">
          <Icon className="size-5" aria-hidden />
        </span>
        <span className="relative text-[13px] font-medium text-fg">{kind}</span>
        <span className="relative flex items-center gap-1.5 text-xs text-fg-muted tabular-nums">
          {tJobs(g.status === 'processing' ? 'status.processing' : 'status.pending')}
          <span aria-hidden>·</span>
          <ElapsedSeconds since={g.createdAt} />
        </span>
        {g.status === 'processing' && percent > 0 && (
          <span className="relative mt-1 h-1 w-2/3 overflow-hidden rounded-full bg-surface-3">
            <span
              className="absolute inset-y-0 start-0 rounded-full bg-accent transition-[width] duration-500"
              style={{ width: `${percent}%` }}
            />
          </span>
        )}
      </button>
      {g.status === 'pending' && (
        <button
          type="button"
          aria-label={t('actions.cancelJob')}
          onClick={() => onDelete(g)}
          className="absolute end-2 top-2 grid size-7 place-items-center rounded-lg text-fg-muted opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 hover:bg-surface-3 hover:text-fg [@media(hover:none)]:opacity-100"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  )
}
