import { ENGINE_NAMES, type EngineId, type Generation, SKY_MOODS } from '@parti/contract'
import { ArrowRight, Ruler } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { Segmented } from '../../components/ui/Segmented'
import { useSession } from '../auth/session'
import { BeforeAfter } from '../create/components/BeforeAfter'
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
import { useCapabilities } from '../create/hooks/useCapabilities'
import { useGeneration } from '../create/hooks/useGeneration'
import { useResultJob } from '../create/hooks/useResultJob'
import { useSourceImage } from '../create/hooks/useSourceImage'
import { InsufficientCreditsDialog } from '../create/InsufficientCreditsDialog'
import type { InputImage } from '../create/inputImage'
import { useFieldError } from '../create/readiness'
import type { StartJobInput } from '../create/useStartJob'
import { useProjectChoice } from '../projects/ProjectPicker'
import {
  DEFAULT_PREP_OPTIONS,
  PREP_COSTS,
  PREP_TOOLS,
  type PrepOptions,
  type PrepTool,
  prepEngineOffer,
  prepReadiness,
  prepRequest,
} from './request'

/**
 * Listing photo prep: one correction at a time (straighten verticals, docs/decisions/0101-straighten-verticals.md;
 * better light, docs/decisions/0109-light.md; a new sky and day to dusk, docs/decisions/0110-sky-and-dusk.md), each shown before and after with what was measured; a result can
 * be taken on as the next step's photo.
 */
export default function PrepPage() {
  const { t } = useTranslation(['staging', 'create', 'translation'])
  const { user } = useSession()
  const credits = user?.credits ?? 0
  const photoId = useId()
  const strengthId = useId()
  const [tool, setTool] = useState<PrepTool>('straighten')
  const [options, setOptions] = useState<PrepOptions>(DEFAULT_PREP_OPTIONS)
  const [photos, setPhotos] = useState<InputImage[]>([])
  const [showErrors, setShowErrors] = useState(false)
  const project = useProjectChoice()
  const result = useResultJob({ failureTitle: t('staging:prep.failed'), projectId: project.projectId })
  const { job, ids, setIds } = result
  useSourceImage((photo) => setPhotos([photo]))
  // a hosted edit model offered beside the built-in engine, the configured one first (docs/product.md#engine-choice)
  const offer = prepEngineOffer(tool, useCapabilities(tool)?.engines)
  const engine = offer && (options.engine && offer.includes(options.engine) ? options.engine : offer[0])
  const reasons = prepReadiness({ hasPhoto: photos.length > 0, credits, tool })
  const fieldError = useFieldError(reasons, showErrors, job.fieldError)

  const submit = async (request: StartJobInput) => {
    if (await result.submit(request)) setShowErrors(false)
  }

  /** the result becomes the photo of the next step (straighten → light → sky) */
  const continueFrom = (g: Generation) => {
    setPhotos([
      {
        kind: 'generation',
        generationId: g.id,
        previewUrl: g.outputImageUrl!,
        width: g.metadata.width,
        height: g.metadata.height,
      },
    ])
    job.clearFieldError()
    const next = PREP_TOOLS[PREP_TOOLS.indexOf(g.mode as PrepTool) + 1]
    if (next) setTool(next)
    if (window.matchMedia('(max-width: 1023px)').matches)
      document.getElementById(photoId)?.scrollIntoView({ behavior: 'smooth', block: 'center' })
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
      <div className="flex flex-col gap-2">
        <Segmented
          label={t('staging:prep.toolLabel')}
          value={tool}
          onChange={setTool}
          stretch
          options={PREP_TOOLS.map((value) => ({
            value,
            label: t(`staging:prep.tools.${value}`),
            testId: `prep-tool-${value}`,
          }))}
        />
        <p className="text-xs text-fg-subtle">{t(`staging:prep.hints.${tool}`)}</p>
      </div>
      {tool === 'light' && (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between">
            <label htmlFor={strengthId} className="text-[13px] font-medium text-fg">
              {t('staging:prep.strength')}
            </label>
            <span className="text-xs text-fg-muted tabular-nums">
              {t('staging:prep.percent', { value: options.strength })}
            </span>
          </div>
          <input
            id={strengthId}
            data-testid="prep-strength"
            type="range"
            min={0}
            max={100}
            step={5}
            value={options.strength}
            onChange={(e) => setOptions({ ...options, strength: Number(e.target.value) })}
            className="accent-[var(--accent)]"
          />
        </div>
      )}
      {tool === 'sky' && (
        <Segmented
          label={t('staging:prep.moodLabel')}
          value={options.sky}
          onChange={(sky) => setOptions({ ...options, sky })}
          stretch
          size="sm"
          options={SKY_MOODS.map((value) => ({
            value,
            label: t(`staging:prep.moods.${value}`),
            testId: `prep-sky-${value}`,
          }))}
        />
      )}
      {offer && engine && (
        <EngineChoice
          engines={offer}
          value={engine}
          onChange={(e) => setOptions({ ...options, engine: e })}
        />
      )}
      <GenerateBar
        label={t(`staging:prep.generate.${tool}`)}
        cost={PREP_COSTS[tool]}
        credits={credits}
        reasons={reasons}
        pending={job.isPending}
        fieldIds={{ image: photoId }}
        onGenerate={() =>
          photos[0] &&
          void submit(prepRequest(tool, photos[0], { ...options, ...(engine ? { engine } : {}) }))
        }
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
            <PrepResult id={ids[0] ?? null} onRetry={result.retry} onContinue={continueFrom} />
            <RecentStrip filters={{ mode: tool }} selected={ids} onSelect={(g) => setIds([g.id])} />
          </>
        }
      />
      <InsufficientCreditsDialog {...job.insufficientDialog} />
    </>
  )
}

/**
 * Which engine makes a new sky or dusk where a hosted edit model is configured beside the built-in one: a
 * photoreal redraw, or the built-in engine's measured grade (docs/decisions/0125-hosted-sky-and-dusk.md).
 */
function EngineChoice({
  engines,
  value,
  onChange,
}: {
  engines: readonly EngineId[]
  value: EngineId
  onChange: (engine: EngineId) => void
}) {
  const { t } = useTranslation('staging')
  const label = (e: EngineId) =>
    e === 'local' ? t('prep.engines.local') : t('prep.engines.hosted', { name: ENGINE_NAMES[e] })
  return (
    <div className="flex flex-col gap-2" data-testid="prep-engine">
      <Segmented
        label={t('prep.engineLabel')}
        value={value}
        onChange={onChange}
        stretch
        size="sm"
        options={engines.map((e) => ({ value: e, label: label(e), testId: `prep-engine-${e}` }))}
      />
      <p className="text-xs text-fg-subtle">
        {value === 'local'
          ? t('prep.engineHints.local')
          : t('prep.engineHints.hosted', { name: ENGINE_NAMES[value] })}
      </p>
    </div>
  )
}

function PrepResult({
  id,
  onRetry,
  onContinue,
}: {
  id: string | null
  onRetry: () => void
  onContinue: (g: Generation) => void
}) {
  const { t } = useTranslation(['staging', 'create'])
  const { data: g } = useGeneration(id)
  if (!id || !g) {
    return (
      <EmptyResult
        icon={Ruler}
        title={t('staging:prep.emptyTitle')}
        tips={[t('staging:prep.tip1'), t('staging:prep.tip2'), t('staging:prep.tip3')]}
      />
    )
  }
  if (g.status === 'failed') return <FailedResult generation={g} onRetry={onRetry} />
  const tool = (PREP_TOOLS as readonly string[]).includes(g.mode) ? (g.mode as PrepTool) : 'straighten'
  if (g.status !== 'completed' || !g.outputImageUrl) {
    return (
      <PendingResult generation={g} title={t(`staging:prep.working.${tool}`)} previewUrl={g.inputImageUrl} />
    )
  }
  return <Prepared generation={g} onContinue={onContinue} />
}

/** Before and after, side by side (each at its own shape: a crop changes it) or on a slider. */
function Prepared({
  generation: g,
  onContinue,
}: {
  generation: Generation
  onContinue: (g: Generation) => void
}) {
  const { t } = useTranslation(['staging', 'create'])
  const before = g.inputImageUrl
  const after = g.outputImageUrl!
  const ratio = g.metadata.width && g.metadata.height ? `${g.metadata.width} / ${g.metadata.height}` : '4 / 3'
  return (
    <div
      className="flex flex-col gap-3"
      data-testid="prep-result"
      data-generation-id={g.id}
      data-mode={g.mode}
    >
      <BeforeAfter
        panels={[
          ...(before ? [{ key: 'before', label: t('staging:prep.before'), url: before }] : []),
          { key: 'after', label: t('staging:prep.after'), url: after },
        ]}
        before={before ? { url: before, label: t('staging:prep.before') } : null}
        after={{ url: after, label: t('staging:prep.after') }}
        ratio={ratio}
        testIdPrefix="prep"
        viewLabel={t('staging:prep.viewLabel')}
        ownShape
      />
      <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-3.5 sm:p-4">
        <EngineNote generation={g} />
        <ResultNotes generation={g} />
        <ResultActions generation={g} />
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          data-testid="prep-continue"
          onClick={() => onContinue(g)}
        >
          {t('staging:prep.continue')}
          <ArrowRight className="size-4 rtl:rotate-180" aria-hidden />
        </Button>
      </div>
    </div>
  )
}
