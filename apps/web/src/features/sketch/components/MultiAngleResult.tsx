import { COSTS, type Generation } from '@parti/contract'
import { AlertTriangle, CheckCircle2, Download, Layers3 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { cn } from '../../../components/ui/cn'
import { EmptyResult } from '../../create/components/EmptyResult'
import { EngineNote } from '../../create/components/EngineNote'
import { FidelityReport } from '../../create/components/FidelityReport'
import { PendingResult } from '../../create/components/PendingResult'
import { ResultNotes } from '../../create/components/ResultNotes'
import { useGenerations } from '../../create/hooks/useGeneration'
import { useDownload } from '../../gallery/hooks/useDownload'
import { AngleIcon } from './AngleIcon'

/**
 * Outcome of a multi-angle request once every view has ended (docs/product.md#multi-angle: how many requested
 * angles succeeded).
 */
function batchOutcome(views: Array<Pick<Generation, 'status' | 'creditsCost'> | undefined>) {
  const known = views.filter(Boolean) as Array<Pick<Generation, 'status' | 'creditsCost'>>
  const succeeded = known.filter((g) => g.status === 'completed').length
  const failed = known.filter((g) => g.status === 'failed')
  const finished = known.length === views.length && succeeded + failed.length === views.length
  return {
    total: views.length,
    succeeded,
    failed: failed.length,
    refunded: failed.reduce((sum, g) => sum + g.creditsCost, 0),
    finished,
  }
}

export function MultiAngleResult({ ids }: { ids: string[] }) {
  const { t } = useTranslation(['sketch', 'create', 'jobs'])
  const views = useGenerations(ids)
  const outcome = batchOutcome(views)

  if (!ids.length) {
    return (
      <EmptyResult
        icon={Layers3}
        title={t('sketch:multi.emptyTitle')}
        tips={[
          t('sketch:multi.tip1'),
          t('sketch:multi.tip2', { credits: COSTS.perAngle }),
          t('sketch:multi.tip3'),
        ]}
      />
    )
  }
  // a Pro batch: one group per sketch, in the order sent
  const groups = new Map<string, Generation[]>()
  for (const g of views) {
    if (!g) continue
    const key = g.inputImageUrl ?? g.id
    groups.set(key, [...(groups.get(key) ?? []), g])
  }
  const firstDone = views.find((g) => g?.status === 'completed')
  const tone = !outcome.finished
    ? 'busy'
    : outcome.failed === 0
      ? 'ok'
      : outcome.succeeded === 0
        ? 'bad'
        : 'partial'
  return (
    <div className="flex flex-col gap-4" data-testid="multi-angle-result">
      <div
        role="status"
        data-testid="angles-report"
        className={cn(
          'flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm',
          tone === 'ok' && 'border-success/30 bg-success/10',
          tone === 'partial' && 'border-amber-500/30 bg-amber-500/10',
          tone === 'bad' && 'border-danger/30 bg-danger-soft',
          tone === 'busy' && 'border-border bg-surface',
        )}
      >
        {tone === 'ok' ? (
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
        ) : tone === 'busy' ? (
          <Layers3 className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
        ) : (
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
        )}
        <div>
          <p className="font-medium text-fg">
            {outcome.finished
              ? t('sketch:multi.report', { succeeded: outcome.succeeded, total: outcome.total })
              : t('sketch:multi.progress', {
                  done: outcome.succeeded + outcome.failed,
                  total: outcome.total,
                })}
          </p>
          {firstDone && <EngineNote generation={firstDone} />}
          {firstDone && <ResultNotes generation={firstDone} />}
          {outcome.refunded > 0 && (
            <p className="text-[13px] text-fg-muted">
              {t('jobs:failure.refunded', { credits: outcome.refunded })}
            </p>
          )}
        </div>
      </div>
      {[...groups.values()].map((group, i) => (
        <section
          key={group[0]!.id}
          className="flex flex-col gap-2"
          aria-label={t('sketch:multi.sketchN', { n: i + 1 })}
        >
          {groups.size > 1 && (
            <h3 className="flex items-center gap-2 text-xs font-medium text-fg-muted">
              {group[0]!.inputImageUrl && (
                <img
                  src={group[0]!.inputImageUrl}
                  alt=""
                  className="size-7 rounded-md border border-border object-cover"
                />
              )}
              {t('sketch:multi.sketchN', { n: i + 1 })}
            </h3>
          )}
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {group.map((g) => (
              <li key={g.id}>
                <AngleTile generation={g} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

function AngleTile({ generation: g }: { generation: Generation }) {
  const { t } = useTranslation(['sketch', 'create', 'jobs'])
  const download = useDownload()
  const angle = g.metadata.angle ?? 'front'
  const name = t(`sketch:angles.${angle}`)
  return (
    <figure
      className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface"
      data-testid={`angle-result-${angle}`}
      data-generation-id={g.id}
      data-status={g.status}
    >
      {g.status === 'completed' && g.outputImageUrl ? (
        <a href={g.outputImageUrl} target="_blank" rel="noreferrer" className="block bg-surface-2">
          <img
            src={g.outputImageUrl}
            alt={t('sketch:multi.viewAlt', { angle: name })}
            className="aspect-[4/3] w-full object-contain"
            style={
              g.metadata.width && g.metadata.height
                ? { aspectRatio: `${g.metadata.width} / ${g.metadata.height}` }
                : undefined
            }
          />
        </a>
      ) : g.status === 'failed' ? (
        <div className="grid aspect-[4/3] place-items-center bg-danger-soft/50 px-4 text-center text-[13px] text-danger">
          <span className="flex flex-col items-center gap-1.5">
            <AlertTriangle className="size-5" aria-hidden />
            {t('sketch:multi.failedView')}
          </span>
        </div>
      ) : (
        <PendingResult
          generation={g}
          title={name}
          previewUrl={g.inputImageUrl}
          compact
          className="rounded-none border-0"
        />
      )}
      <figcaption className="flex items-center gap-2 border-t border-border px-3 py-2">
        <AngleIcon angle={angle} className="h-4 w-5 shrink-0 text-fg-subtle" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[13px] font-medium text-fg">{name}</span>
          {g.status === 'completed' && <EngineNote generation={g} compact />}
          {g.status === 'completed' && <FidelityReport generation={g} />}
        </span>
        {g.status === 'completed' && (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('sketch:multi.downloadView', { angle: name })}
            onClick={() => void download(g, g.outputImageUrl)}
          >
            <Download aria-hidden />
          </Button>
        )}
      </figcaption>
    </figure>
  )
}
