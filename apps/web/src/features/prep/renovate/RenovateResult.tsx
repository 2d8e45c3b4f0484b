import type { Generation, Kind } from '@parti/contract'
import type { LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { CompareSlider } from '../../../components/ui/CompareSlider'
import { EmptyResult } from '../../create/components/EmptyResult'
import { EngineNote } from '../../create/components/EngineNote'
import { FailedResult } from '../../create/components/FailedResult'
import { PendingResult } from '../../create/components/PendingResult'
import { ResultActions } from '../../create/components/ResultActions'
import { ResultNotes } from '../../create/components/ResultNotes'
import { useGeneration } from '../../create/hooks/useGeneration'

/** The result of a blur or a repaint: before and after on a slider (same shape), what was done and measured. */
export function RenovateResult({
  id,
  kind,
  icon,
  onRetry,
}: {
  id: string | null
  kind: Extract<Kind, 'privacy' | 'repaint'>
  icon: LucideIcon
  onRetry: () => void
}) {
  const { t } = useTranslation('renovate')
  const { data: g } = useGeneration(id)
  if (!id || !g) {
    return (
      <EmptyResult
        icon={icon}
        title={t(`${kind}.emptyTitle`)}
        tips={[t(`${kind}.tip1`), t(`${kind}.tip2`)]}
      />
    )
  }
  if (g.status === 'failed') return <FailedResult generation={g} onRetry={onRetry} />
  if (g.status !== 'completed' || !g.outputImageUrl) {
    return <PendingResult generation={g} title={t(`${kind}.working`)} previewUrl={g.inputImageUrl} />
  }
  return <BeforeAfter generation={g} />
}

function BeforeAfter({ generation: g }: { generation: Generation }) {
  const { t } = useTranslation(['renovate', 'create'])
  const ratio = g.metadata.width && g.metadata.height ? `${g.metadata.width} / ${g.metadata.height}` : '4 / 3'
  const img = (src: string, alt: string) => (
    <img src={src} alt={alt} className="absolute inset-0 size-full object-contain" draggable={false} />
  )
  return (
    <div className="flex flex-col gap-3" data-testid="renovate-result" data-generation-id={g.id}>
      <div
        className="relative max-h-[70vh] w-full overflow-hidden rounded-2xl border border-border bg-surface-2"
        style={{ aspectRatio: ratio }}
      >
        {g.inputImageUrl ? (
          <CompareSlider
            before={img(g.inputImageUrl, t('before'))}
            after={img(g.outputImageUrl!, t('after'))}
            beforeLabel={t('before')}
            afterLabel={t('after')}
            sliderLabel={t('create:result.sliderLabel', { before: t('before'), after: t('after') })}
          />
        ) : (
          img(g.outputImageUrl!, t('after'))
        )}
      </div>
      <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3.5 sm:p-4">
        <EngineNote generation={g} />
        <ResultNotes generation={g} />
        <ResultActions generation={g} />
      </div>
    </div>
  )
}
