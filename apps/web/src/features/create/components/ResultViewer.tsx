import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChangesOverlay } from '../../../components/ui/ChangesOverlay'
import { CompareSlider } from '../../../components/ui/CompareSlider'
import { cn } from '../../../components/ui/cn'
import { Segmented } from '../../../components/ui/Segmented'
import { Switch } from '../../../components/ui/Switch'
import { ChangedArea } from './ChangedArea'

type View = 'compare' | 'after' | 'before'

interface ResultViewerProps {
  beforeUrl: string | null
  afterUrl: string
  /** e.g. "Sketch" / "Render", "Original" / "Staged" */
  beforeLabel: string
  afterLabel: string
  /** the result's alt text */
  alt: string
  width?: number
  height?: number
  /** the share of the picture the edit changed (metadata.changedArea): offers the "Show changes" overlay */
  changedArea?: number | undefined
  className?: string
}

/**
 * A finished image with its input: the before/after comparison slider by default, or either image alone.
 * The box takes the result's proportions, capped to the viewport, and both layers letterbox the same way.
 * An edit of its input (one with a measured changed area) can tint where it changed
 * (docs/product.md#masked-edits).
 */
export function ResultViewer({
  beforeUrl,
  afterUrl,
  beforeLabel,
  afterLabel,
  alt,
  width,
  height,
  changedArea,
  className,
}: ResultViewerProps) {
  const { t } = useTranslation('create')
  const [view, setView] = useState<View>(beforeUrl ? 'compare' : 'after')
  const [changes, setChanges] = useState(false)
  const switchId = useId()
  const shown: View = beforeUrl ? view : 'after'
  const canShowChanges = !!beforeUrl && changedArea !== undefined
  const image = (src: string, label: string) => (
    <img src={src} alt={label} className="absolute inset-0 size-full object-contain" draggable={false} />
  )
  const result = (
    <>
      {image(afterUrl, alt)}
      {changes && canShowChanges && (
        <ChangesOverlay beforeUrl={beforeUrl} afterUrl={afterUrl} label={t('result.changesLabel')} />
      )}
    </>
  )
  const views: Array<[View, string]> = [
    ['compare', t('result.compare')],
    ['after', afterLabel],
    ['before', beforeLabel],
  ]
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div
        className="relative max-h-[70vh] w-full overflow-hidden rounded-2xl border border-border bg-surface-2 lg:max-h-[calc(100dvh-18rem)]"
        style={{ aspectRatio: width && height ? `${width} / ${height}` : '4 / 3' }}
        data-testid="result-image"
      >
        {shown === 'compare' && beforeUrl ? (
          <CompareSlider
            before={image(beforeUrl, beforeLabel)}
            after={result}
            beforeLabel={beforeLabel}
            afterLabel={afterLabel}
            sliderLabel={t('result.sliderLabel', { before: beforeLabel, after: afterLabel })}
          />
        ) : shown === 'before' && beforeUrl ? (
          image(beforeUrl, beforeLabel)
        ) : (
          result
        )}
      </div>
      {(beforeUrl || canShowChanges) && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {beforeUrl && (
            <Segmented
              size="sm"
              label={t('result.viewLabel')}
              value={shown}
              onChange={setView}
              options={views.map(([value, label]) => ({ value, label }))}
            />
          )}
          {canShowChanges && (
            <Switch id={switchId} checked={changes} onChange={setChanges} label={t('result.showChanges')} />
          )}
          {changedArea !== undefined && <ChangedArea share={changedArea} className="text-xs text-fg-muted" />}
        </div>
      )}
    </div>
  )
}
