import { COSTS, entitlements, MAX_COMPARE_ENGINES, TEXT_LIMITS } from '@parti/contract'
import { Layers3, PencilRuler } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { TextAreaField } from '../../components/ui/Field'
import { Segmented } from '../../components/ui/Segmented'
import { useSession } from '../auth/session'
import { capabilityView } from '../create/capabilities'
import { CreateLayout, FormSection } from '../create/components/CreateLayout'
import { FollowLinesControl } from '../create/components/FollowLinesControl'
import { GenerateBar } from '../create/components/GenerateBar'
import { PalettePicker } from '../create/components/PalettePicker'
import { RecentStrip } from '../create/components/RecentStrip'
import { SupportNote } from '../create/components/SupportNote'
import { UploadDropzone } from '../create/components/UploadDropzone'
import { useCapabilities } from '../create/hooks/useCapabilities'
import { useStyles } from '../create/hooks/useCatalog'
import { scrollToResultOnPhone } from '../create/hooks/useResultJob'
import { InsufficientCreditsDialog } from '../create/InsufficientCreditsDialog'
import { type Reason, useFieldError } from '../create/readiness'
import { type StartJobInput, useStartJob } from '../create/useStartJob'
import { useAdvancedSettings } from '../preferences/advanced'
import { useProjectChoice } from '../projects/ProjectPicker'
import { CompareEnginesButton } from '../versions/CompareEngines'
import { VariationsControl } from '../versions/VariationsControl'
import { VariationsResult } from '../versions/VariationsResult'
import { AdvancedSketchSettings } from './components/AdvancedSketchSettings'
import { AnglePicker } from './components/AnglePicker'
import { CustomColours } from './components/CustomColours'
import { MultiAngleResult } from './components/MultiAngleResult'
import { SketchResult } from './components/SketchResult'
import { StylePicker } from './components/StylePicker'
import { useSketchDraft } from './hooks/useSketchDraft'
import { multiAngleCost, multiAngleReadiness, SKETCH_RENDER_COST, sketchRenderReadiness } from './readiness'
import { multiAngleRequest, sketchRenderRequest } from './request'

type Mode = 'render' | 'multi-angle'

/**
 * Sketch Render (beta, docs/product.md#sketch-render), with multi-angle views as its second mode
 * (`?mode=multi-angle`).
 */
export default function SketchPage() {
  const { t } = useTranslation(['sketch', 'create', 'app', 'translation'])
  const [params, setParams] = useSearchParams()
  const mode: Mode = params.get('mode') === 'multi-angle' ? 'multi-angle' : 'render'
  const { user } = useSession()
  const credits = user?.credits ?? 0
  // several sketches at once is batch processing, a Pro benefit; the server applies the same rule
  const batchLimit = user ? entitlements(user, new Date()).batchLimit : 1
  const [advanced] = useAdvancedSettings()
  const [draft, update] = useSketchDraft()
  const lastRequest = useRef<StartJobInput | null>(null)
  const ids = {
    sketch: useId(),
    description: useId(),
    style: useId(),
    palette: useId(),
    angles: useId(),
  }

  const project = useProjectChoice()
  const renderJob = useStartJob({
    failureTitle: t('app:messages.generation.renderFailed'),
    projectId: project.projectId,
  })
  const angleJob = useStartJob({
    failureTitle: t('app:messages.generation.renderFailed'),
    projectId: project.projectId,
  })
  const job = mode === 'render' ? renderJob : angleJob

  // the first style is preselected until the user picks one (or picks none)
  const styles = useStyles(null)
  useEffect(() => {
    if (draft.styleId === undefined && styles.data?.[0]) update({ styleId: styles.data[0].id })
  }, [draft.styleId, styles.data, update])

  const sketchCount = mode === 'render' ? Math.min(1, draft.sketches.length) : draft.sketches.length
  // what the engine will do with each field and angle, by the server's own rule (docs/product.md#capabilities)
  const sketchCaps = useCapabilities('sketch')
  const renderView = capabilityView('sketch', sketchCaps, {
    userPrompt: draft.description,
    styleId: draft.styleId,
    colorPaletteId: draft.paletteId,
    customColors: draft.useCustomColors ? draft.customColors : null,
  })
  const angleView = capabilityView('multi-angle', useCapabilities('multi-angle'), {
    userPrompt: draft.buildingDescription,
    angles: draft.angles,
  })
  // multi-angle makes (and charges) only the angles the engine can make
  const angleCount = angleView.plan?.angles?.length ?? draft.angles.length
  const reasons: Reason[] =
    mode === 'render'
      ? sketchRenderReadiness({
          hasSketch: sketchCount > 0,
          description: draft.description,
          credits,
          variations: draft.variations,
        })
      : multiAngleReadiness({
          sketches: sketchCount,
          description: draft.buildingDescription,
          angles: draft.angles.length,
          doableAngles: angleCount,
          credits,
        })
  const cost =
    mode === 'render' ? SKETCH_RENDER_COST * draft.variations : multiAngleCost(angleCount, sketchCount)

  const fieldError = useFieldError(reasons, draft.showErrors, job.fieldError)

  const submit = async (request: StartJobInput) => {
    lastRequest.current = request
    const started = await job.start(request)
    if (!started) return
    const newIds = started.generations.map((g) => g.id)
    update(
      mode === 'render' ? { renderIds: newIds, showErrors: false } : { angleIds: newIds, showErrors: false },
    )
    scrollToResultOnPhone()
  }
  const generate = () =>
    void submit(mode === 'render' ? sketchRenderRequest(draft, advanced) : multiAngleRequest(draft))
  // the same request once on each engine (docs/product.md#compare-engines)
  const compare = (engines: string[]) => {
    const request = sketchRenderRequest({ ...draft, variations: 1 }, advanced)
    if (request.body instanceof FormData) request.body.append('engines', engines.join(','))
    void submit(request)
  }
  const retry = () => lastRequest.current && void submit(lastRequest.current)

  const setMode = (next: Mode) => {
    setParams(next === 'render' ? {} : { mode: next }, { replace: true })
    update({ showErrors: false })
  }

  const uploadField = (
    <UploadDropzone
      inputId={ids.sketch}
      testId="sketch-upload"
      label={t('sketch:form.sketch')}
      prompt={t('sketch:form.drop')}
      images={mode === 'render' ? draft.sketches.slice(0, 1) : draft.sketches}
      max={mode === 'multi-angle' ? batchLimit : 1}
      onChange={(sketches) => {
        update({ sketches })
        job.clearFieldError()
      }}
      error={fieldError('sketch', ['file'])}
      extra={
        mode === 'multi-angle' &&
        batchLimit <= 1 && (
          <p className="text-xs text-fg-subtle">
            {t('sketch:multi.batchPro')}{' '}
            <Link to="/pricing" className="font-medium text-accent hover:underline">
              {t('sketch:multi.seePlans')}
            </Link>
          </p>
        )
      }
    />
  )

  const form =
    mode === 'render' ? (
      <div className="flex flex-col gap-5">
        {uploadField}
        <TextAreaField
          id={ids.description}
          label={t('sketch:form.description')}
          placeholder={t('sketch:form.descriptionPlaceholder')}
          value={draft.description}
          maxLength={TEXT_LIMITS.prompt}
          onChange={(e) => update({ description: e.target.value })}
          error={fieldError('userPrompt')}
          hint={<SupportNote support={renderView.support('description')} testId="support-description" />}
          className="[&_textarea]:min-h-24"
        />
        <FormSection title={t('sketch:style.title')} titleId={ids.style}>
          <StylePicker
            value={draft.styleId ?? null}
            onChange={(styleId) => update({ styleId })}
            category={draft.category}
            onCategoryChange={(category) => update({ category })}
            labelledBy={ids.style}
          />
        </FormSection>
        <FormSection title={t('sketch:palette.title')} titleId={ids.palette}>
          <PalettePicker
            value={draft.paletteId}
            onChange={(paletteId, palette) =>
              update((d) => ({
                paletteId,
                // own colours start from the chosen palette until the user has made them their own
                ...(palette && !d.useCustomColors ? { customColors: palette.colors.slice(0, 5) } : {}),
              }))
            }
            labelledBy={ids.palette}
          />
        </FormSection>
        <CustomColours
          enabled={draft.useCustomColors}
          onEnabledChange={(useCustomColors) => update({ useCustomColors })}
          colours={draft.customColors}
          onChange={(customColors) => update({ customColors })}
        />
        <FollowLinesControl value={draft.followLines} onChange={(followLines) => update({ followLines })} />
        <VariationsControl
          value={draft.variations}
          onChange={(variations) => update({ variations })}
          price={SKETCH_RENDER_COST}
        />
        {advanced && <AdvancedSketchSettings draft={draft} update={update} />}
        {project.picker}
        <GenerateBar
          label={t('sketch:form.generate')}
          cost={cost}
          credits={credits}
          reasons={reasons}
          pending={renderJob.isPending}
          fieldIds={{ sketch: ids.sketch, userPrompt: ids.description }}
          onGenerate={generate}
          onShowErrors={() => update({ showErrors: true })}
          onInsufficient={renderJob.showInsufficient}
        />
        <CompareEnginesButton
          engines={sketchCaps?.engines}
          price={SKETCH_RENDER_COST}
          disabled={
            sketchRenderReadiness({
              hasSketch: sketchCount > 0,
              description: draft.description,
              credits,
              variations: sketchCaps?.engines?.slice(0, MAX_COMPARE_ENGINES).length ?? 1,
            }).length > 0
          }
          pending={renderJob.isPending}
          onCompare={compare}
        />
      </div>
    ) : (
      <div className="flex flex-col gap-5">
        {uploadField}
        <TextAreaField
          id={ids.description}
          label={t('sketch:multi.description')}
          placeholder={t('sketch:multi.descriptionPlaceholder')}
          value={draft.buildingDescription}
          maxLength={TEXT_LIMITS.prompt}
          onChange={(e) => update({ buildingDescription: e.target.value })}
          error={fieldError('userPrompt')}
          hint={<SupportNote support={angleView.support('description')} testId="support-description" />}
          className="[&_textarea]:min-h-24"
        />
        <FormSection
          title={t('sketch:multi.angles')}
          titleId={`${ids.angles}-title`}
          aside={
            <button
              type="button"
              className="text-xs font-medium text-accent hover:underline"
              onClick={() =>
                update((d) => ({
                  angles:
                    d.angles.length === 6
                      ? []
                      : ['front', 'side', 'aerial', 'corner', 'interior', 'contextual'],
                }))
              }
            >
              {draft.angles.length === 6 ? t('sketch:multi.clearAll') : t('sketch:multi.selectAll')}
            </button>
          }
        >
          <AnglePicker
            value={draft.angles}
            onChange={(angles) => update({ angles })}
            labelledBy={`${ids.angles}-title`}
            firstId={ids.angles}
            error={fieldError('angles')}
            support={(angle) => angleView.support(`angle.${angle}`)}
          />
        </FormSection>
        <FollowLinesControl value={draft.followLines} onChange={(followLines) => update({ followLines })} />
        {project.picker}
        <GenerateBar
          label={t('sketch:multi.generate')}
          cost={cost}
          costDetail={
            angleCount
              ? sketchCount > 1
                ? t('sketch:multi.costBatch', { angles: angleCount, sketches: sketchCount })
                : t('sketch:multi.costDetail', { per: COSTS.perAngle, count: angleCount })
              : undefined
          }
          credits={credits}
          reasons={reasons}
          pending={angleJob.isPending}
          fieldIds={{ sketch: ids.sketch, userPrompt: ids.description, angles: ids.angles }}
          onGenerate={generate}
          onShowErrors={() => update({ showErrors: true })}
          onInsufficient={angleJob.showInsufficient}
        />
      </div>
    )

  const result = (
    <>
      {mode === 'render' ? (
        <VariationsResult ids={draft.renderIds}>
          {(id) => <SketchResult id={id} onRetry={retry} />}
        </VariationsResult>
      ) : (
        <MultiAngleResult ids={draft.angleIds} />
      )}
      <RecentStrip
        filters={{ mode: mode === 'render' ? 'sketch' : 'multi-angle' }}
        selected={mode === 'render' ? draft.renderIds : draft.angleIds}
        groupByBatch
        onSelect={(_g, batch) =>
          update(
            mode === 'render' ? { renderIds: batch.map((x) => x.id) } : { angleIds: batch.map((x) => x.id) },
          )
        }
      />
    </>
  )

  return (
    <>
      <CreateLayout
        icon={mode === 'render' ? PencilRuler : Layers3}
        heading={mode === 'render' ? t('sketch:heading') : t('sketch:multi.heading')}
        intro={mode === 'render' ? t('sketch:intro') : t('sketch:multi.intro')}
        beta
        betaLabel={t('translation:common.beta')}
        resultLabel={t('sketch:result.label')}
        toolbar={
          <Segmented
            label={t('sketch:modeLabel')}
            value={mode}
            onChange={setMode}
            options={[
              { value: 'render', label: t('sketch:modes.render'), testId: 'mode-render' },
              { value: 'multi-angle', label: t('sketch:modes.multiAngle'), testId: 'mode-multi-angle' },
            ]}
          />
        }
        form={form}
        result={result}
      />
      <InsufficientCreditsDialog {...renderJob.insufficientDialog} />
      <InsufficientCreditsDialog {...angleJob.insufficientDialog} />
    </>
  )
}
