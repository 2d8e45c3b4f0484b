import type { Generation } from '@parti/contract'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import '../create.css'
import { Spinner } from '../../../components/ui/Spinner'
import { ElapsedSeconds } from '../../jobs/ElapsedSeconds'
import { estimateText } from '../estimate'
import { useEstimate } from '../hooks/useEstimate'

interface PendingResultProps {
  generation: Generation
  /** what the screen calls the work, e.g. "Rendering your sketch" */
  title: string
  /** shown faded under the progress, so the wait is about something */
  previewUrl?: string | null
  className?: string
  compact?: boolean
}

/**
 * The pending placeholder (docs/product.md#placeholders): the input faded under a moving light, the status,
 * the seconds since the job was created, the measured estimate and, when the engine reports it, the progress.
 */
export function PendingResult({ generation, title, previewUrl, className, compact }: PendingResultProps) {
  const { t, i18n } = useTranslation('create')
  const { t: tJobs } = useTranslation('jobs')
  const estimate = useEstimate(generation.mode)
  const progress = Math.round((generation.progress ?? 0) * 100)
  const width = generation.metadata.width
  const height = generation.metadata.height
  return (
    <div
      data-testid="pending-result"
      data-status={generation.status}
      aria-busy="true"
      className={cn(
        'relative grid w-full place-items-center overflow-hidden rounded-2xl border border-border bg-surface-2',
        className,
      )}
      style={{ aspectRatio: width && height ? `${width} / ${height}` : '4 / 3' }}
    >
      {previewUrl && (
        <img
          src={previewUrl}
          alt=""
          className="absolute inset-0 size-full object-contain opacity-25 blur-[1px] grayscale"
        />
      )}
      <div className="create-scan pointer-events-none absolute inset-0" aria-hidden />
      <div
        className={cn(
          'relative flex max-w-xs flex-col items-center rounded-2xl bg-surface/90 text-center shadow-pop backdrop-blur-sm',
          compact ? 'gap-1.5 px-3 py-2.5' : 'gap-2 px-5 py-4',
        )}
        role="status"
      >
        <Spinner className={compact ? 'size-4' : 'size-6'} />
        <p className={cn('font-medium text-fg', compact ? 'text-xs' : 'text-sm')}>{title}</p>
        <p className="text-xs text-fg-muted tabular-nums">
          {tJobs(generation.status === 'processing' ? 'status.processing' : 'status.pending')}
          {' · '}
          <ElapsedSeconds since={generation.createdAt} />
          {progress > 0 && ` · ${progress}%`}
        </p>
        {!compact && (
          <p className="text-xs text-fg-subtle">{estimateText(t, i18n.resolvedLanguage ?? 'en', estimate)}</p>
        )}
        {progress > 0 && (
          <div className="mt-1 h-1 w-32 overflow-hidden rounded-full bg-surface-3" aria-hidden>
            <div
              className="h-full rounded-full bg-accent transition-[width] duration-500"
              style={{ width: `${progress}%` }}
            />
          </div>
        )}
      </div>
    </div>
  )
}
