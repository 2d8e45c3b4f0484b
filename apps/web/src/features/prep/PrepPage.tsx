import type { Generation } from '@parti/contract'
import { Ruler } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CompareSlider } from '../../components/ui/CompareSlider'
import { Segmented } from '../../components/ui/Segmented'
import { useSession } from '../auth/session'
import { CreateLayout } from '../create/components/CreateLayout'
import { EmptyResult } from '../create/components/EmptyResult'
import { EngineNote } from '../create/components/EngineNote'
import { FailedResult } from '../create/components/FailedResult'
import { GenerateBar } from '../create/components/GenerateBar'
import { PendingResult } from '../create/components/PendingResult'
import { RecentStrip } from '../create/components/RecentStrip'
import { ResultActions } from '../create/components/ResultActions'
import { ResultNotes } from '../create/components/ResultNotes'
import { UploadDropzone } from '../create/components/UploadDropzone'
import { useGeneration } from '../create/hooks/useGeneration'
import { useSourceImage } from '../create/hooks/useSourceImage'
import { InsufficientCreditsDialog } from '../create/InsufficientCreditsDialog'
import type { InputImage } from '../create/inputImage'
import { useFieldError } from '../create/readiness'
import { type StartJobInput, useStartJob } from '../create/useStartJob'
import { useProjectChoice } from '../projects/ProjectPicker'
import { prepReadiness, STRAIGHTEN_COST, straightenRequest } from './request'

/**
 * Listing photo prep (docs/decisions/0101-straighten-verticals.md): a photo's verticals made upright and its
 * horizon level, shown before and after with the lean measured on both.
 */
export default function PrepPage() {
  const { t } = useTranslation(['staging', 'create', 'translation'])
  const { user } = useSession()
  const credits = user?.credits ?? 0
  const photoId = useId()
  const [photos, setPhotos] = useState<InputImage[]>([])
  const [ids, setIds] = useState<string[]>([])
  const [showErrors, setShowErrors] = useState(false)
  const lastRequest = useRef<StartJobInput | null>(null)
  const project = useProjectChoice()
  const job = useStartJob({ failureTitle: t('staging:prep.failed'), projectId: project.projectId })
  useSourceImage((photo) => setPhotos([photo]))
  const reasons = prepReadiness({ hasPhoto: photos.length > 0, credits })
  const fieldError = useFieldError(reasons, showErrors, job.fieldError)

  const submit = async (request: StartJobInput) => {
    lastRequest.current = request
    const started = await job.start(request)
    if (!started) return
    setIds(started.generations.map((g) => g.id))
    setShowErrors(false)
    if (window.matchMedia('(max-width: 1023px)').matches)
      document.getElementById('result')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }

  const form = (
    <div className="flex flex-col gap-5">
      <UploadDropzone
        inputId={photoId}
        testId="prep-upload"
        label={t('staging:prep.photo')}
        prompt={t('staging:prep.drop')}
        images={photos}
        onChange={(next) => {
          setPhotos(next)
          job.clearFieldError()
        }}
        error={fieldError('image', ['file', 'imageUrl'])}
      />
      {project.picker}
      <GenerateBar
        label={t('staging:prep.generate')}
        cost={STRAIGHTEN_COST}
        credits={credits}
        reasons={reasons}
        pending={job.isPending}
        fieldIds={{ image: photoId }}
        onGenerate={() => photos[0] && void submit(straightenRequest(photos[0]))}
        onShowErrors={() => setShowErrors(true)}
        onInsufficient={job.showInsufficient}
      />
    </div>
  )

  return (
    <>
      <CreateLayout
        icon={Ruler}
        heading={t('staging:prep.heading')}
        intro={t('staging:prep.intro')}
        resultLabel={t('staging:prep.resultLabel')}
        form={form}
        result={
          <>
            <PrepResult
              id={ids[0] ?? null}
              onRetry={() => lastRequest.current && void submit(lastRequest.current)}
            />
            <RecentStrip filters={{ mode: 'straighten' }} selected={ids} onSelect={(g) => setIds([g.id])} />
          </>
        }
      />
      <InsufficientCreditsDialog {...job.insufficientDialog} />
    </>
  )
}

function PrepResult({ id, onRetry }: { id: string | null; onRetry: () => void }) {
  const { t } = useTranslation(['staging', 'create'])
  const { data: g } = useGeneration(id)
  if (!id || !g) {
    return (
      <EmptyResult
        icon={Ruler}
        title={t('staging:prep.emptyTitle')}
        tips={[t('staging:prep.tip1'), t('staging:prep.tip2')]}
      />
    )
  }
  if (g.status === 'failed') return <FailedResult generation={g} onRetry={onRetry} />
  if (g.status !== 'completed' || !g.outputImageUrl) {
    return <PendingResult generation={g} title={t('staging:prep.working')} previewUrl={g.inputImageUrl} />
  }
  return <Straightened generation={g} />
}

/** Before and after, side by side (each at its own shape: the crop changes it) or on a slider. */
function Straightened({ generation: g }: { generation: Generation }) {
  const { t } = useTranslation(['staging', 'create'])
  const [view, setView] = useState<'side' | 'compare'>('side')
  const before = g.inputImageUrl
  const after = g.outputImageUrl!
  const ratio = g.metadata.width && g.metadata.height ? `${g.metadata.width} / ${g.metadata.height}` : '4 / 3'
  const img = (src: string, alt: string) => (
    <img src={src} alt={alt} className="absolute inset-0 size-full object-contain" draggable={false} />
  )
  return (
    <div className="flex flex-col gap-3" data-testid="prep-result" data-generation-id={g.id}>
      {before && (
        <Segmented
          size="sm"
          label={t('staging:prep.viewLabel')}
          value={view}
          onChange={setView}
          options={[
            { value: 'side', label: t('staging:result.sideBySide'), testId: 'view-side' },
            { value: 'compare', label: t('create:result.compare'), testId: 'view-compare' },
          ]}
        />
      )}
      {view === 'side' || !before ? (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {[
            { key: 'before', label: t('staging:prep.before'), url: before },
            { key: 'after', label: t('staging:prep.after'), url: after },
          ]
            .filter((p): p is { key: string; label: string; url: string } => !!p.url)
            .map((p) => (
              <li key={p.key} data-testid={`prep-${p.key}`}>
                <figure className="flex flex-col gap-1.5">
                  <a
                    href={p.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block overflow-hidden rounded-xl border border-border bg-surface-2"
                  >
                    <img src={p.url} alt={p.label} className="block h-auto w-full" />
                  </a>
                  <figcaption className="text-center text-xs font-medium text-fg-muted">{p.label}</figcaption>
                </figure>
              </li>
            ))}
        </ul>
      ) : (
        <div
          className="relative max-h-[70vh] w-full overflow-hidden rounded-2xl border border-border bg-surface-2"
          style={{ aspectRatio: ratio }}
        >
          <CompareSlider
            before={img(before, t('staging:prep.before'))}
            after={img(after, t('staging:prep.after'))}
            beforeLabel={t('staging:prep.before')}
            afterLabel={t('staging:prep.after')}
            sliderLabel={t('create:result.sliderLabel', {
              before: t('staging:prep.before'),
              after: t('staging:prep.after'),
            })}
          />
        </div>
      )}
      <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3.5 sm:p-4">
        <EngineNote generation={g} />
        <ResultNotes generation={g} />
        <ResultActions generation={g} />
      </div>
    </div>
  )
}
