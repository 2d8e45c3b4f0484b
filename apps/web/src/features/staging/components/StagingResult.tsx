import { COSTS, type Generation } from '@parti/contract'
import { Check, Info, Sofa } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChangesOverlay } from '../../../components/ui/ChangesOverlay'
import { cn } from '../../../components/ui/cn'
import { Segmented } from '../../../components/ui/Segmented'
import { Spinner } from '../../../components/ui/Spinner'
import { Switch } from '../../../components/ui/Switch'
import { BeforeAfter } from '../../create/components/BeforeAfter'
import { EmptyResult } from '../../create/components/EmptyResult'
import { EngineNote } from '../../create/components/EngineNote'
import { FailedResult } from '../../create/components/FailedResult'
import { FidelityReport } from '../../create/components/FidelityReport'
import { PendingResult } from '../../create/components/PendingResult'
import { ResultActions } from '../../create/components/ResultActions'
import { ResultNotes } from '../../create/components/ResultNotes'
import { useGeneration } from '../../create/hooks/useGeneration'

type Phase = 'pending' | 'completed' | 'failed' | 'skipped'

/**
 * docs/product.md#staging-phases: staging runs a cleaning phase, then a staging phase;
 * docs/product.md#home-staging: original, cleaned and staged.
 */
export function StagingResult({ id, onRetry }: { id: string | null; onRetry: () => void }) {
  const { t } = useTranslation(['staging', 'create'])
  const { data: g } = useGeneration(id)
  const done = g?.status === 'completed'

  if (!id || !g) {
    return (
      <EmptyResult
        icon={Sofa}
        title={t('staging:result.emptyTitle')}
        tips={[t('staging:result.tip1'), t('staging:result.tip2'), t('staging:result.tip3')]}
      />
    )
  }
  if (g.status === 'failed') return <FailedResult generation={g} onRetry={onRetry} />
  if (!done || !g.outputImageUrl) {
    return (
      <div className="flex flex-col gap-3">
        <PendingResult
          generation={g}
          title={t('staging:result.working')}
          previewUrl={g.metadata.cleanedImageUrl ?? g.inputImageUrl}
        />
        <Phases generation={g} />
      </div>
    )
  }
  return <StagedRoom generation={g} />
}

function Phases({ generation: g }: { generation: Generation }) {
  const { t } = useTranslation('staging')
  const phases = (g.metadata.phases ?? {}) as Record<string, Phase>
  const cleaning = phases.cleaning ?? 'pending'
  const staging = phases.staging ?? 'pending'
  const step = (name: string, state: Phase, active: boolean, n: number) => (
    <li className="flex items-center gap-2.5">
      <span
        className={cn(
          'grid size-6 shrink-0 place-items-center rounded-full text-[11px] font-semibold',
          state === 'completed'
            ? 'bg-success text-white'
            : active
              ? 'bg-accent-soft text-accent-soft-fg'
              : 'bg-surface-2 text-fg-subtle',
        )}
      >
        {state === 'completed' ? (
          <Check className="size-3.5" aria-hidden />
        ) : active ? (
          <Spinner className="size-3.5" />
        ) : (
          n
        )}
      </span>
      <span className={cn('text-[13px]', active || state === 'completed' ? 'text-fg' : 'text-fg-muted')}>
        {name}
      </span>
      <span className="ms-auto text-xs text-fg-subtle">
        {state === 'completed'
          ? t('phases.done')
          : state === 'skipped'
            ? t('phases.skipped')
            : active
              ? t('phases.running')
              : t('phases.waiting')}
      </span>
    </li>
  )
  return (
    <ol
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-3.5"
      aria-label={t('phases.label')}
      data-testid="staging-phases"
    >
      {step(t('phases.cleaning'), cleaning, cleaning === 'pending' && g.status === 'processing', 1)}
      {step(t('phases.staging'), staging, cleaning === 'completed' && staging === 'pending', 2)}
    </ol>
  )
}

function StagedRoom({ generation: g }: { generation: Generation }) {
  const { t } = useTranslation(['staging', 'create', 'jobs'])
  const [before, setBefore] = useState<'original' | 'cleaned'>('original')
  // where the staged (or cleaned) room differs from the picture it is compared with (docs/product.md#masked-edits)
  const [changes, setChanges] = useState(false)
  const switchId = useId()
  const stagingPhase = (g.metadata.phases as Record<string, Phase> | undefined)?.staging
  const stagingFailed = stagingPhase === 'failed'
  // a staging the engine could not do ran its cleaning only (docs/product.md#capabilities): the result is the cleaned room
  const notStaged = stagingFailed || stagingPhase === 'skipped'
  const cleaned = g.metadata.cleanedImageUrl ?? (stagingPhase === 'skipped' ? g.outputImageUrl : null)
  const original = g.inputImageUrl
  const staged = g.outputImageUrl!
  const panels = [
    { key: 'original', label: t('staging:result.original'), url: original },
    { key: 'cleaned', label: t('staging:result.cleaned'), url: cleaned },
    ...(notStaged ? [] : [{ key: 'staged', label: t('staging:result.staged'), url: staged }]),
  ].filter((p): p is { key: string; label: string; url: string } => !!p.url)
  const ratio = g.metadata.width && g.metadata.height ? `${g.metadata.width} / ${g.metadata.height}` : '4 / 3'
  const beforeUrl = (before === 'cleaned' && cleaned ? cleaned : original) ?? staged
  const afterUrl = notStaged && cleaned ? cleaned : staged

  return (
    <div className="flex flex-col gap-3" data-testid="staging-result" data-generation-id={g.id}>
      <BeforeAfter
        panels={panels}
        testIdPrefix="staging"
        viewLabel={t('staging:result.viewLabel')}
        ratio={ratio}
        compareClassName="lg:max-h-[calc(100dvh-18rem)]"
        before={{
          url: beforeUrl,
          label: before === 'cleaned' ? t('staging:result.cleaned') : t('staging:result.original'),
        }}
        after={{
          url: afterUrl,
          label: notStaged ? t('staging:result.cleaned') : t('staging:result.staged'),
          overlay: changes && beforeUrl !== afterUrl && (
            <ChangesOverlay
              beforeUrl={beforeUrl}
              afterUrl={afterUrl}
              label={t('create:result.changesLabel')}
            />
          ),
        }}
        controls={(view) =>
          view === 'compare' && (
            <>
              <Switch
                id={switchId}
                checked={changes}
                onChange={setChanges}
                label={t('create:result.showChanges')}
              />
              {cleaned && !notStaged && (
                <Segmented
                  size="sm"
                  label={t('staging:result.compareWith')}
                  value={before}
                  onChange={setBefore}
                  options={[
                    { value: 'original', label: t('staging:result.original') },
                    { value: 'cleaned', label: t('staging:result.cleaned') },
                  ]}
                />
              )}
            </>
          )
        }
      />
      {stagingFailed && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-amber-500/30 bg-amber-500/10 px-3 py-2.5 text-[13px] text-fg"
        >
          <Info className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
          {t('staging:result.stagingFailed', { credits: COSTS.staging.staging })}
        </p>
      )}
      <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3.5 sm:p-4">
        <p className="text-sm text-fg">
          {t('staging:result.summary', {
            room: t(`staging:rooms.${g.metadata.roomType ?? 'living-room'}`),
            style: t(`staging:styles.${g.metadata.stagingStyle ?? 'modern'}.name`),
          })}
        </p>
        <EngineNote generation={g} />
        <ResultNotes generation={g} />
        <FidelityReport generation={g} />
        <ResultActions generation={g} />
      </div>
    </div>
  )
}
