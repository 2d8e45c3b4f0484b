import type { Generation, UpscaleFactor } from '@parti/contract'
import { ChevronLeft, ChevronRight, Download, Star, Trash2, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/Button'
import { cn } from '../../../components/ui/cn'
import { Segmented } from '../../../components/ui/Segmented'
import { Spinner } from '../../../components/ui/Spinner'
import type { ZoomPanHandle } from '../../../components/ui/ZoomPan'
import { KIND_UI } from '../../jobs/kinds'
import { MadeWith } from '../../versions/MadeWith'
import { VersionsPanel } from '../../versions/VersionsPanel'
import { resultUrl } from '../download'
import { useDownload } from '../hooks/useDownload'
import { useGeneration } from '../hooks/useGeneration'
import { useImageSize } from '../hooks/useImageSize'
import { beforeUrl, isPending } from '../kinds'
import type { Polygon } from '../lasso/geometry'
import { DetailsPanel } from './DetailsPanel'
import { DetailViewer, type ViewMode } from './DetailViewer'
import { EDIT_FORMS, EDIT_MODES, type EditMode } from './EditForms'
import { ModeCarousel } from './ModeCarousel'
import { ViewControls } from './ViewControls'

interface DetailViewProps {
  id: string
  /** the grid's items, for previous / next */
  items: Generation[]
  hasNextPage: boolean
  fetchNextPage: () => unknown
  onOpen: (g: Pick<Generation, 'id'>) => void
  onClose: () => void
  onToggleFavorite: (g: Generation) => void
  onDelete: (g: Generation) => void
}

/** Keys that belong to the control that has focus, not to previous / next. */
function ownsArrows(target: EventTarget) {
  const el = target as HTMLElement
  return (
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ||
    ['slider', 'radio', 'group', 'tab'].includes(el.getAttribute('role') ?? '')
  )
}

/**
 * The detail area (docs/product.md#detail-area): a full-screen view over the gallery with the picture on one
 * side (before, after, comparison; zoom and pan; the lasso while inpainting) and the panel on the other
 * (actions, the mode carousel that starts a new job from this image, the details). Arrow keys step through
 * the grid's items; Escape closes.
 */
export function DetailView(props: DetailViewProps) {
  const { t } = useTranslation('gallery')
  const { id, onClose } = props
  const query = useGeneration(id)
  const g = query.data

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          data-testid="detail-view"
          data-id={id}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-bg outline-none lg:flex-row lg:overflow-hidden"
        >
          {g ? (
            <DetailBody key={g.id} {...props} generation={g} />
          ) : (
            <div className="grid flex-1 place-items-center">
              <Dialog.Title className="sr-only">{t('detail.title')}</Dialog.Title>
              {query.isError ? (
                <div className="flex flex-col items-center gap-4 text-center">
                  <p className="text-fg-muted">{t('detail.notFound')}</p>
                  <Button variant="outline" onClick={onClose}>
                    {t('detail.backToGallery')}
                  </Button>
                </div>
              ) : (
                <Spinner label={t('detail.loading')} />
              )}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function DetailBody({
  generation: g,
  items,
  hasNextPage,
  fetchNextPage,
  onOpen,
  onToggleFavorite,
  onDelete,
}: DetailViewProps & { generation: Generation }) {
  const { t, i18n } = useTranslation('gallery')
  const { t: tv } = useTranslation('versions')
  const download = useDownload()
  const before = beforeUrl(g)
  const canCompare = !!before && !!g.outputImageUrl && g.type === 'image' && g.status === 'completed'
  const [view, setView] = useState<ViewMode>('after')
  // where the edit changed the picture, tinted (docs/product.md#masked-edits): for edits of their input
  const [changes, setChanges] = useState(false)
  const canShowChanges = canCompare && g.metadata.changedArea !== undefined
  // a link may open a mode (`/gallery?item=…&mode=upscale`, the result screens' "Upscale for print")
  const [params] = useSearchParams()
  const asked = params.get('mode') as EditMode | null
  const [edit, setEdit] = useState<EditMode | null>(asked && EDIT_MODES.includes(asked) ? asked : null)
  // the factor the print readout suggested (docs/decisions/0116-print-targets.md)
  const [upscaleFactor, setUpscaleFactor] = useState<UpscaleFactor>()
  const improveRef = useRef<HTMLElement>(null)
  const [polygons, setPolygons] = useState<Polygon[]>([])
  const [scale, setScale] = useState(1)
  // the aside's tab, and two versions ticked in the Versions tab to compare (docs/product.md#versions)
  const [tab, setTab] = useState<'details' | 'versions'>('details')
  // ticked for the result they were ticked on: stepping to another result starts with none
  const [ticked, setTicked] = useState<{ of: string; pair: Generation[] }>({ of: g.id, pair: [] })
  const pair = ticked.of === g.id ? ticked.pair : []
  const setPair = (next: Generation[]) => setTicked({ of: g.id, pair: next })
  const versus = pair.length === 2 ? { before: pair[0]!, after: pair[1]! } : null
  const zoomRef = useRef<ZoomPanHandle>(null)
  const size = useImageSize(g.outputImageUrl, g.metadata)
  const Icon = KIND_UI[g.mode].icon
  const editable = g.status === 'completed' && g.type === 'image' && !!g.outputImageUrl

  // the lasso draws on the result itself
  const inpainting = edit === 'inpaint' && editable
  const EditForm = edit ? EDIT_FORMS[edit] : null
  const shownView: ViewMode = inpainting ? 'after' : view

  const index = items.findIndex((x) => x.id === g.id)
  const prev = index > 0 ? items[index - 1] : undefined
  const next = index >= 0 ? items[index + 1] : undefined
  useEffect(() => {
    // stepping towards the end of what is loaded brings the next page, as scrolling would
    if (index >= 0 && index >= items.length - 3 && hasNextPage) fetchNextPage()
  }, [index, items.length, hasNextPage, fetchNextPage])

  const onKeyDown = (e: KeyboardEvent) => {
    if (ownsArrows(e.target) || e.defaultPrevented) return
    const rtl = i18n.dir() === 'rtl'
    if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight') && next) onOpen(next)
    else if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft') && prev) onOpen(prev)
    else return
    e.preventDefault()
  }

  const created = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(g.createdAt))
  const title = g.userPrompt.trim() || t(`kinds.${g.mode}`)

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys step through results anywhere in the view
    <div className="flex min-h-full flex-1 flex-col lg:min-h-0 lg:flex-row" onKeyDown={onKeyDown}>
      <section
        className="relative flex h-[62dvh] shrink-0 flex-col bg-neutral-950 text-white lg:h-auto lg:min-w-0 lg:flex-1"
        aria-label={t('detail.viewerLabel')}
      >
        <header className="flex h-14 shrink-0 items-center gap-2 px-2 sm:px-3">
          <Dialog.Close
            className="grid size-9 place-items-center rounded-lg text-white/80 hover:bg-white/10 hover:text-white"
            aria-label={t('detail.close')}
            data-testid="detail-close"
          >
            <X className="size-5" aria-hidden />
          </Dialog.Close>
          <div className="min-w-0 flex-1 text-sm">
            <p className="flex items-center gap-1.5 truncate font-medium">
              <Icon className="size-4 shrink-0 text-white/70" aria-hidden />
              {t(`kinds.${g.mode}`)}
            </p>
            <p className="truncate text-xs text-white/60">{created}</p>
          </div>
          {index >= 0 && (
            <span
              className="hidden text-xs text-white/60 tabular-nums sm:inline"
              data-testid="detail-position"
            >
              {t('detail.position', { n: index + 1, total: hasNextPage ? `${items.length}+` : items.length })}
            </span>
          )}
          <button
            type="button"
            className="grid size-9 place-items-center rounded-lg text-white/80 hover:bg-white/10 hover:text-white disabled:opacity-30"
            aria-label={t('detail.previous')}
            disabled={!prev}
            onClick={() => prev && onOpen(prev)}
            data-testid="detail-prev"
          >
            <ChevronLeft className="size-5 rtl-flip" aria-hidden />
          </button>
          <button
            type="button"
            className="grid size-9 place-items-center rounded-lg text-white/80 hover:bg-white/10 hover:text-white disabled:opacity-30"
            aria-label={t('detail.next')}
            disabled={!next}
            onClick={() => next && onOpen(next)}
            data-testid="detail-next"
          >
            <ChevronRight className="size-5 rtl-flip" aria-hidden />
          </button>
        </header>
        <div className="relative min-h-0 flex-1">
          <DetailViewer
            generation={g}
            mode={shownView}
            lasso={inpainting ? { polygons, onChange: setPolygons } : null}
            changes={changes && canShowChanges && !inpainting}
            zoomRef={zoomRef}
            onScaleChange={setScale}
            versus={tab === 'versions' ? versus : null}
          />
          {inpainting && (
            <p className="pointer-events-none absolute inset-x-0 top-2 mx-auto w-fit max-w-[90%] rounded-full bg-black/60 px-3 py-1.5 text-center text-xs text-white backdrop-blur-sm">
              {t('inpaint.drawHint')}
            </p>
          )}
        </div>
        {!isPending(g) && (
          <ViewControls
            view={shownView}
            onViewChange={setView}
            hasBefore={!!before}
            canCompare={canCompare}
            locked={inpainting}
            changes={canShowChanges && !inpainting ? { on: changes, onChange: setChanges } : null}
            zoomable={g.type === 'image' || shownView === 'before'}
            scale={scale}
            zoom={zoomRef}
          />
        )}
      </section>

      <aside className="flex w-full shrink-0 flex-col border-border bg-surface lg:w-[400px] lg:overflow-y-auto lg:border-s">
        <div className="flex flex-col gap-4 border-b border-border p-5">
          <Dialog.Title className="line-clamp-3 text-base leading-snug font-semibold text-fg" title={title}>
            {title}
          </Dialog.Title>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant={g.favorite ? 'secondary' : 'outline'}
              size="sm"
              aria-pressed={g.favorite}
              data-testid="detail-favorite"
              disabled={isPending(g)}
              onClick={() => onToggleFavorite(g)}
            >
              <Star className={cn(g.favorite && 'fill-amber-400 text-amber-500')} aria-hidden />
              {g.favorite ? t('actions.favorited') : t('actions.favorite')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              data-testid="detail-download"
              disabled={isPending(g)}
              onClick={() => download(g, resultUrl(g))}
            >
              <Download aria-hidden />
              {t('actions.download')}
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              className="ms-auto text-fg-muted hover:text-danger"
              data-testid="detail-delete"
              aria-label={isPending(g) ? t('actions.cancelJob') : t('actions.delete')}
              title={isPending(g) ? t('actions.cancelJob') : t('actions.delete')}
              onClick={() => onDelete(g)}
            >
              {isPending(g) ? <X aria-hidden /> : <Trash2 aria-hidden />}
            </Button>
          </div>
          {/* every download is signed (docs/product.md#content-credentials); /verify reads one back */}
          <p className="text-xs text-fg-subtle" data-testid="detail-credentials">
            {t('credentials.note')}{' '}
            <a
              href="/verify"
              target="_blank"
              rel="noopener"
              className="text-accent underline underline-offset-2"
            >
              {t('credentials.check')}
            </a>
          </p>
        </div>

        {editable && (
          <section
            ref={improveRef}
            className="flex flex-col gap-4 border-b border-border p-5"
            aria-labelledby="improve-heading"
          >
            <h3
              id="improve-heading"
              className="text-[13px] font-semibold tracking-wide text-fg-subtle uppercase"
            >
              {t('modes.heading')}
            </h3>
            <ModeCarousel value={edit} onChange={setEdit} />
            {EditForm && (
              <EditForm
                key={edit === 'upscale' ? `upscale-${upscaleFactor}` : edit}
                source={g}
                upscaleFactor={upscaleFactor}
                onStarted={onOpen}
                lasso={{ polygons, onPolygonsChange: setPolygons, size }}
              />
            )}
          </section>
        )}

        <section className="flex flex-col gap-4 p-5" aria-labelledby="details-heading">
          <h3 id="details-heading" className="sr-only">
            {t('details.heading')}
          </h3>
          <Segmented
            size="sm"
            stretch
            label={t('details.heading')}
            value={tab}
            onChange={setTab}
            options={[
              { value: 'details', label: tv('versions.detailsTab'), testId: 'tab-details' },
              { value: 'versions', label: tv('versions.tab'), testId: 'tab-versions' },
            ]}
          />
          {tab === 'details' ? (
            <>
              <DetailsPanel
                generation={g}
                size={editable ? size : null}
                onOpenSource={(sourceId) => onOpen({ id: sourceId })}
                onUpscale={(f) => {
                  setUpscaleFactor(f)
                  setEdit('upscale')
                  improveRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
                }}
              />
              <MadeWith generation={g} onStarted={onOpen} />
            </>
          ) : (
            <VersionsPanel generation={g} compare={pair} onCompareChange={setPair} onOpen={onOpen} />
          )}
        </section>
      </aside>
    </div>
  )
}
