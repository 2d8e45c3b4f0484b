import { PencilRuler } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyResult } from '../../create/components/EmptyResult'
import { EngineNote } from '../../create/components/EngineNote'
import { FailedResult } from '../../create/components/FailedResult'
import { FidelityReport } from '../../create/components/FidelityReport'
import { PendingResult } from '../../create/components/PendingResult'
import { ResultActions } from '../../create/components/ResultActions'
import { ResultNotes } from '../../create/components/ResultNotes'
import { ResultViewer } from '../../create/components/ResultViewer'
import { useGeneration } from '../../create/hooks/useGeneration'

/** The render of a sketch: waiting, then the before/after comparison with download and 'use as input'. */
export function SketchResult({ id, onRetry }: { id: string | null; onRetry: () => void }) {
  const { t } = useTranslation(['sketch', 'create'])
  const { data: g } = useGeneration(id)
  const done = g?.status === 'completed'

  if (!id || !g) {
    return (
      <EmptyResult
        icon={PencilRuler}
        title={t('sketch:result.emptyTitle')}
        tips={[t('sketch:result.tip1'), t('sketch:result.tip2'), t('sketch:result.tip3')]}
      />
    )
  }
  if (g.status === 'failed') return <FailedResult generation={g} onRetry={onRetry} />
  if (!done || !g.outputImageUrl) {
    return <PendingResult generation={g} title={t('sketch:result.rendering')} previewUrl={g.inputImageUrl} />
  }
  return (
    <div className="flex flex-col gap-3" data-testid="sketch-result" data-generation-id={g.id}>
      <ResultViewer
        beforeUrl={g.inputImageUrl}
        afterUrl={g.outputImageUrl}
        beforeLabel={t('sketch:result.before')}
        afterLabel={t('sketch:result.after')}
        alt={t('sketch:result.alt', { prompt: g.userPrompt })}
        width={g.metadata.width}
        height={g.metadata.height}
      />
      <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3.5 sm:p-4">
        <p className="line-clamp-2 text-sm text-fg" dir="auto">
          {g.userPrompt}
        </p>
        <EngineNote generation={g} />
        <ResultNotes generation={g} />
        <FidelityReport generation={g} />
        <ResultActions generation={g} />
      </div>
    </div>
  )
}
