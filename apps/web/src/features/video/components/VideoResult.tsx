import { Clapperboard } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EmptyResult } from '../../create/components/EmptyResult'
import { EngineNote } from '../../create/components/EngineNote'
import { FailedResult } from '../../create/components/FailedResult'
import { PendingResult } from '../../create/components/PendingResult'
import { ResultActions } from '../../create/components/ResultActions'
import { ResultNotes } from '../../create/components/ResultNotes'
import { useGeneration } from '../../create/hooks/useGeneration'

/** The video: the generating message with the measured estimate, then a player with download. */
export function VideoResult({ id, onRetry }: { id: string | null; onRetry: () => void }) {
  const { t } = useTranslation(['video', 'create'])
  const { data: g } = useGeneration(id)
  const done = g?.status === 'completed'

  if (!id || !g) {
    return (
      <EmptyResult
        icon={Clapperboard}
        title={t('video:result.emptyTitle')}
        tips={[t('video:result.tip1'), t('video:result.tip2'), t('video:result.tip3')]}
      />
    )
  }
  if (g.status === 'failed') return <FailedResult generation={g} onRetry={onRetry} />
  if (!done || !g.outputVideoUrl) {
    return <PendingResult generation={g} title={t('video:result.generating')} previewUrl={g.inputImageUrl} />
  }
  const move = g.metadata.cameraMovement ?? 'static'
  return (
    <div className="flex flex-col gap-3" data-testid="video-result" data-generation-id={g.id}>
      <div className="overflow-hidden rounded-2xl border border-border bg-black">
        {/* biome-ignore lint/a11y/useMediaCaption: a generated camera move has no speech to caption */}
        <video
          key={g.outputVideoUrl}
          src={g.outputVideoUrl}
          poster={g.outputImageUrl ?? undefined}
          controls
          playsInline
          loop
          preload="metadata"
          aria-label={t('video:result.playerLabel', { prompt: g.userPrompt })}
          className="mx-auto block max-h-[70vh] w-full lg:max-h-[calc(100dvh-18rem)]"
          style={
            g.metadata.width && g.metadata.height
              ? { aspectRatio: `${g.metadata.width} / ${g.metadata.height}` }
              : undefined
          }
          data-testid="video-player"
        />
      </div>
      <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3.5 sm:p-4">
        <p className="line-clamp-2 text-sm text-fg" dir="auto">
          {g.userPrompt}
        </p>
        <p className="text-xs text-fg-muted">
          {t('video:result.facts', {
            duration: t('video:duration.seconds', { n: g.metadata.duration ?? 6 }),
            move: t(`video:moves.${move}.name`),
          })}
        </p>
        <EngineNote generation={g} />
        <ResultNotes generation={g} />
        <ResultActions generation={g} />
      </div>
    </div>
  )
}
