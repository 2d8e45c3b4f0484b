import type { Generation } from '@parti/contract'
import { CircleAlert, ImageOff } from 'lucide-react'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { ChangesOverlay } from '../../../components/ui/ChangesOverlay'
import { CompareSlider } from '../../../components/ui/CompareSlider'
import { Spinner } from '../../../components/ui/Spinner'
import { ZoomPan, type ZoomPanHandle } from '../../../components/ui/ZoomPan'
import { FailureReason } from '../../create/components/FailureReason'
import { ElapsedSeconds } from '../../jobs/ElapsedSeconds'
import { failureMessageKey } from '../../jobs/messages'
import { useImageSize } from '../hooks/useImageSize'
import { beforeUrl, isPending } from '../kinds'
import type { Polygon } from '../lasso/geometry'
import { LassoLayer } from '../lasso/LassoLayer'

export type ViewMode = 'before' | 'after' | 'compare'

interface LassoState {
  polygons: Polygon[]
  onChange: (polygons: Polygon[]) => void
}

interface DetailViewerProps {
  generation: Generation
  mode: ViewMode
  /** set while inpainting: the lasso owns the pointer and draws over the result */
  lasso: LassoState | null
  /** tint where the result differs from its source (docs/product.md#masked-edits) */
  changes: boolean
  zoomRef: Ref<ZoomPanHandle>
  onScaleChange: (scale: number) => void
  /** two versions of the tree under the comparison divider, the older before (docs/product.md#versions) */
  versus?: { before: Generation; after: Generation } | null
}

/**
 * The picture of the detail area: the result, its source, or both under a comparison divider, in one
 * zoom-and-pan viewport (both layers share the transform, so a zoomed comparison lines up). A video plays with
 * its controls; a job still running shows its source with the seconds it has been waiting.
 */
export function DetailViewer({
  generation: g,
  mode,
  lasso,
  changes,
  zoomRef,
  onScaleChange,
  versus,
}: DetailViewerProps) {
  const { t } = useTranslation('gallery')
  const before = versus ? versus.before.outputImageUrl : beforeUrl(g)
  const after = versus ? versus.after.outputImageUrl : g.outputImageUrl
  const size = useImageSize(after ?? before, after ? (versus?.after ?? g).metadata : undefined)

  if (!versus && isPending(g)) return <PendingView generation={g} before={before} />
  if (!versus && g.status === 'failed') return <FailedView generation={g} />

  if (g.type === 'video' && mode !== 'before' && g.outputVideoUrl) {
    return (
      <div className="grid size-full place-items-center p-2 sm:p-4">
        {/* biome-ignore lint/a11y/useMediaCaption: generated camera moves have no speech to caption */}
        <video
          key={g.outputVideoUrl}
          src={g.outputVideoUrl}
          poster={g.outputImageUrl ?? undefined}
          controls
          playsInline
          loop
          preload="metadata"
          data-testid="detail-video"
          className="max-h-full max-w-full rounded-lg"
        />
      </div>
    )
  }

  if (!size) {
    return (
      <div className="grid size-full place-items-center">
        {after || before ? (
          <Spinner className="text-white/70" label={t('detail.loadingImage')} />
        ) : (
          <ImageOff className="size-8 text-white/40" aria-label={t('detail.noImage')} />
        )}
      </div>
    )
  }

  const picture = (url: string | null, testId: string, withThumb: boolean) =>
    url ? (
      <>
        {withThumb && g.thumbnailUrl && (
          <img
            src={g.thumbnailUrl}
            alt=""
            aria-hidden
            className="absolute inset-0 size-full object-contain"
          />
        )}
        <img
          src={url}
          alt={
            testId === 'detail-before'
              ? t('detail.beforeAlt')
              : t('detail.afterAlt', { prompt: g.userPrompt })
          }
          data-testid={testId}
          draggable={false}
          decoding="async"
          className="absolute inset-0 size-full object-contain"
        />
      </>
    ) : null

  const overlay =
    changes && before && after ? (
      <ChangesOverlay beforeUrl={before} afterUrl={after} label={t('view.changesLabel')} />
    ) : null

  const showBefore = mode === 'before' && before
  const showCompare = (versus || mode === 'compare') && before && after && g.type === 'image'

  return (
    <ZoomPan
      ref={zoomRef}
      contentWidth={size.width}
      contentHeight={size.height}
      panEnabled={!lasso}
      label={t('detail.viewerLabel')}
      onScaleChange={onScaleChange}
    >
      {(stage) =>
        showCompare ? (
          <CompareSlider
            before={stage(picture(before, 'detail-before', false))}
            after={stage(
              <>
                {picture(after, 'detail-after', true)}
                {overlay}
              </>,
            )}
            beforeLabel={t('view.before')}
            afterLabel={t('view.after')}
            sliderLabel={t('view.sliderLabel')}
          />
        ) : showBefore ? (
          stage(picture(before, 'detail-before', false))
        ) : (
          stage(
            <>
              {picture(after, 'detail-after', true)}
              {overlay}
              {lasso && (
                <LassoLayer
                  width={size.width}
                  height={size.height}
                  polygons={lasso.polygons}
                  onChange={lasso.onChange}
                  active
                  label={t('inpaint.layerLabel', { count: lasso.polygons.length })}
                />
              )}
            </>,
          )
        )
      }
    </ZoomPan>
  )
}

function PendingView({ generation: g, before }: { generation: Generation; before: string | null }) {
  const { t } = useTranslation('gallery')
  const { t: tJobs } = useTranslation('jobs')
  return (
    <div className="relative grid size-full place-items-center overflow-hidden" data-testid="detail-pending">
      {before && (
        <img
          src={before}
          alt=""
          className="absolute inset-0 size-full object-contain p-4 opacity-35 blur-[1px]"
        />
      )}
      <div className="relative flex flex-col items-center gap-3 rounded-2xl bg-black/55 px-6 py-5 text-white backdrop-blur-md">
        <Spinner className="size-7 text-white" />
        <p className="text-sm font-medium">
          {tJobs(g.status === 'processing' ? 'status.processing' : 'status.pending')}
        </p>
        <p className="text-xs text-white/70 tabular-nums">
          <ElapsedSeconds since={g.createdAt} />
        </p>
        <p className="max-w-xs text-center text-xs text-white/70">{t('detail.pendingNote')}</p>
      </div>
    </div>
  )
}

/** A job that failed (opened from a link, or followed from the mode carousel): why, and that it cost nothing. */
function FailedView({ generation: g }: { generation: Generation }) {
  const { t } = useTranslation('jobs')
  return (
    <div className="grid size-full place-items-center p-6" data-testid="detail-failed">
      <div className="flex max-w-sm flex-col items-center gap-3 text-center text-white">
        <CircleAlert className="size-8 text-red-300" aria-hidden />
        <p className="text-sm font-medium">{t(failureMessageKey(g))}</p>
        <FailureReason generation={g} className="text-white/90" />
        {g.creditsCost > 0 && (
          <p className="text-xs text-white/70">{t('failure.refunded', { credits: g.creditsCost })}</p>
        )}
      </div>
    </div>
  )
}
