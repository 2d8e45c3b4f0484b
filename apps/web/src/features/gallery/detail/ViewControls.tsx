import { Diff, Maximize, ZoomIn, ZoomOut } from 'lucide-react'
import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import type { ZoomPanHandle } from '../../../components/ui/ZoomPan'
import type { ViewMode } from './DetailViewer'

interface ViewControlsProps {
  view: ViewMode
  onViewChange: (view: ViewMode) => void
  hasBefore: boolean
  canCompare: boolean
  /** the lasso needs the result itself: the view is held on After */
  locked: boolean
  /** the "Show changes" toggle, for an edit of its input (null: not offered) */
  changes: { on: boolean; onChange: (on: boolean) => void } | null
  zoomable: boolean
  scale: number
  zoom: RefObject<ZoomPanHandle | null>
}

const pill = 'flex items-center gap-0.5 rounded-xl bg-white/10 p-1 backdrop-blur-sm'
const item =
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-[13px] font-medium transition-colors ' +
  'disabled:pointer-events-none disabled:opacity-35 [&_svg]:size-4'
const idle = 'text-white/75 hover:bg-white/10 hover:text-white'
const active = 'bg-white text-neutral-900 shadow-sm'

/**
 * docs/product.md#detail-area: before-only, after-only and comparison toggles, "Show changes" for an edit
 * (docs/product.md#masked-edits), and zoom (in, out, fit) with its percentage.
 */
export function ViewControls({
  view,
  onViewChange,
  hasBefore,
  canCompare,
  locked,
  changes,
  zoomable,
  scale,
  zoom,
}: ViewControlsProps) {
  const { t } = useTranslation('gallery')
  const modes: Array<{ value: ViewMode; enabled: boolean }> = [
    { value: 'before', enabled: hasBefore && !locked },
    { value: 'after', enabled: true },
    { value: 'compare', enabled: canCompare && !locked },
  ]
  return (
    <div className="flex shrink-0 flex-wrap items-center justify-center gap-2 px-3 pt-1 pb-3">
      <div role="radiogroup" aria-label={t('view.label')} className={pill} data-testid="view-modes">
        {modes.map(({ value, enabled }) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control; native radios cannot be styled as one
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={view === value}
            disabled={!enabled}
            data-testid={`view-${value}`}
            onClick={() => onViewChange(value)}
            className={cn(item, view === value ? active : idle)}
          >
            {t(`view.${value}`)}
          </button>
        ))}
      </div>
      {changes && (
        <div className={pill}>
          <button
            type="button"
            aria-pressed={changes.on}
            data-testid="show-changes"
            onClick={() => changes.onChange(!changes.on)}
            className={cn(item, changes.on ? active : idle)}
          >
            <Diff aria-hidden />
            {t('view.showChanges')}
          </button>
        </div>
      )}
      {zoomable && (
        <div className={pill}>
          <button
            type="button"
            className={cn(item, idle, 'px-2')}
            aria-label={t('view.zoomOut')}
            disabled={scale <= 1.001}
            onClick={() => zoom.current?.zoomOut()}
          >
            <ZoomOut aria-hidden />
          </button>
          <span
            className="w-12 text-center text-xs text-white/80 tabular-nums"
            aria-live="polite"
            data-testid="zoom-level"
          >
            {Math.round(scale * 100)}%
          </span>
          <button
            type="button"
            className={cn(item, idle, 'px-2')}
            aria-label={t('view.zoomIn')}
            disabled={scale >= 7.99}
            onClick={() => zoom.current?.zoomIn()}
            data-testid="zoom-in"
          >
            <ZoomIn aria-hidden />
          </button>
          <button
            type="button"
            className={cn(item, idle, 'px-2')}
            aria-label={t('view.fit')}
            disabled={scale <= 1.001}
            onClick={() => zoom.current?.reset()}
          >
            <Maximize aria-hidden />
          </button>
        </div>
      )}
    </div>
  )
}
