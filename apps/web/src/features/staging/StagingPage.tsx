import { COSTS, type StagingOption } from '@parti/contract'
import { Sofa } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextAreaField } from '../../components/ui/Field'
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
import { scrollToResultOnPhone } from '../create/hooks/useResultJob'
import { useSourceImage } from '../create/hooks/useSourceImage'
import { InsufficientCreditsDialog } from '../create/InsufficientCreditsDialog'
import { useFieldError } from '../create/readiness'
import { type StartJobInput, useStartJob } from '../create/useStartJob'
import type { Polygon } from '../gallery/lasso/geometry'
import { maskPng } from '../gallery/lasso/mask'
import { useAdvancedSettings } from '../preferences/advanced'
import { useProjectChoice } from '../projects/ProjectPicker'
import { VariationsControl } from '../versions/VariationsControl'
import { VariationsResult } from '../versions/VariationsResult'
import { RoomTypePicker } from './components/RoomTypePicker'
import { StagingLassoControls, StagingLassoPhoto } from './components/StagingLasso'
import { StagingOptionsPicker } from './components/StagingOptionsPicker'
import { StagingResult } from './components/StagingResult'
import { StagingStylePicker } from './components/StagingStylePicker'
import { useStagingDraft } from './hooks/useStagingDraft'
import { stagingReadiness } from './readiness'
import { stagingRequest } from './request'

/** The natural size of the photo the lasso was drawn on (the mask is made at that size). */
function imageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight })
    img.onerror = () => reject(new Error('image unavailable'))
    img.src = url
  })
}

/**
 * Home Staging (beta, docs/product.md#home-staging): room photo, room type, palette, options and style;
 * original, cleaned, staged.
 */
export default function StagingPage() {
  const { t } = useTranslation(['staging', 'create', 'app', 'translation'])
  const { user } = useSession()
  const credits = user?.credits ?? 0
  const [advanced] = useAdvancedSettings()
  const [draft, update] = useStagingDraft()
  const lastRequest = useRef<StartJobInput | null>(null)
  const ids = { photo: useId(), room: useId(), palette: useId(), options: useId(), style: useId() }
  const project = useProjectChoice()
  const job = useStartJob({ failureTitle: t('staging:failed'), projectId: project.projectId })
  // the lasso selection on the photo: what the cleaning removes (kept while the photo stays the same)
  const [lasso, setLasso] = useState<{ photo: string; polygons: Polygon[] }>({ photo: '', polygons: [] })
  const photo = draft.photos[0]
  const polygons = photo && lasso.photo === photo.previewUrl ? lasso.polygons : []
  const setPolygons = (next: Polygon[]) => photo && setLasso({ photo: photo.previewUrl, polygons: next })

  // 'use as input' from another screen: /staging?source=<generation id>
  useSourceImage((photo) => update({ photos: [photo] }))

  // what the engine will do with this request, by the server's own rule (docs/product.md#capabilities)
  const view = capabilityView('staging', useCapabilities('staging'), {
    stagingStyle: draft.style,
    stagingOptions: draft.options,
    roomType: draft.roomType,
    colorPaletteId: draft.paletteId,
    userPrompt: advanced ? draft.notes : '',
    hasLasso: polygons.length > 0,
  })
  const steps = view.plan?.steps ?? ['staging-clean', 'staging-stage']
  // each variation is priced on its own (docs/product.md#variations)
  const cost = view.cost * draft.variations
  const reasons = stagingReadiness({
    hasPhoto: draft.photos.length > 0,
    credits,
    cost,
    refused: view.refused,
  })
  const fieldError = useFieldError(reasons, draft.showErrors, job.fieldError)
  const wantsRemoval = draft.options.some((o) => o === 'removeClutter' || o === 'removeFurniture')
  // the photo is shown once: with the lasso on it while a removal is asked (or areas are drawn)
  const showLasso = Boolean(photo) && (wantsRemoval || polygons.length > 0)

  const generate = async () => {
    const request = stagingRequest(draft)
    if (photo && polygons.length && request.body instanceof FormData) {
      const size = await imageSize(photo.previewUrl)
      request.body.append('maskData', await maskPng(polygons, size.width, size.height), 'mask.png')
    }
    await submit(request)
  }

  const submit = async (request: StartJobInput) => {
    lastRequest.current = request
    const started = await job.start(request)
    if (!started) return
    update({ ids: started.generations.map((g) => g.id), showErrors: false })
    scrollToResultOnPhone()
  }

  const form = (
    <div className="flex flex-col gap-5">
      <UploadDropzone
        inputId={ids.photo}
        testId="room-upload"
        label={t('staging:form.photo')}
        prompt={t('staging:form.drop')}
        images={draft.photos}
        onChange={(photos) => {
          update({ photos })
          job.clearFieldError()
        }}
        error={fieldError('image', ['file', 'imageUrl'])}
        preview={
          showLasso
            ? (image) => <StagingLassoPhoto photo={image} polygons={polygons} onChange={setPolygons} />
            : undefined
        }
        extra={showLasso && <StagingLassoControls polygons={polygons} onChange={setPolygons} />}
      />
      <FormSection title={t('staging:form.roomType')} titleId={ids.room}>
        <RoomTypePicker
          value={draft.roomType}
          onChange={(roomType) => update({ roomType })}
          labelledBy={ids.room}
        />
        <SupportNote support={view.support('roomType')} className="mt-2" testId="support-roomType" />
      </FormSection>
      <FormSection title={t('staging:form.style')} titleId={ids.style}>
        <StagingStylePicker
          value={draft.style}
          onChange={(style) => update({ style })}
          labelledBy={ids.style}
        />
        <SupportNote support={view.support('style')} className="mt-2" testId="support-style" />
      </FormSection>
      <FormSection title={t('staging:form.options')} titleId={ids.options}>
        <div id={ids.options} tabIndex={-1} className="outline-none">
          <StagingOptionsPicker
            value={draft.options}
            onChange={(options) => update({ options })}
            labelledBy={ids.options}
            support={(o: StagingOption) => view.support(`stagingOption.${o}`)}
          />
        </div>
      </FormSection>
      <FormSection title={t('staging:form.palette')} titleId={ids.palette}>
        <PalettePicker
          value={draft.paletteId}
          onChange={(paletteId) => update({ paletteId })}
          labelledBy={ids.palette}
        />
      </FormSection>
      <FollowLinesControl value={draft.followLines} onChange={(followLines) => update({ followLines })} />
      {advanced && (
        <TextAreaField
          label={t('staging:form.notes')}
          hint={t('staging:form.notesHint')}
          placeholder={t('staging:form.notesPlaceholder')}
          value={draft.notes}
          maxLength={1000}
          onChange={(e) => update({ notes: e.target.value })}
          className="[&_textarea]:min-h-20"
        />
      )}
      <VariationsControl
        value={draft.variations}
        onChange={(variations) => update({ variations })}
        price={view.cost}
      />
      {project.picker}
      <GenerateBar
        label={t('staging:form.generate')}
        cost={cost}
        costDetail={
          view.refused
            ? undefined
            : steps.includes('staging-stage')
              ? t('staging:form.costDetail', COSTS.staging)
              : t('staging:form.costCleaningOnly', COSTS.staging)
        }
        credits={credits}
        reasons={reasons}
        pending={job.isPending}
        fieldIds={{ image: ids.photo, options: ids.options }}
        onGenerate={() => void generate()}
        onShowErrors={() => update({ showErrors: true })}
        onInsufficient={job.showInsufficient}
      />
    </div>
  )

  return (
    <>
      <CreateLayout
        icon={Sofa}
        heading={t('staging:heading')}
        intro={t('staging:intro')}
        beta
        betaLabel={t('translation:common.beta')}
        resultLabel={t('staging:result.label')}
        form={form}
        result={
          <>
            <VariationsResult ids={draft.ids}>
              {(id) => (
                <StagingResult
                  id={id}
                  onRetry={() => lastRequest.current && void submit(lastRequest.current)}
                />
              )}
            </VariationsResult>
            <RecentStrip
              filters={{ mode: 'staging' }}
              selected={draft.ids}
              groupByBatch
              onSelect={(_g, batch) => update({ ids: batch.map((x) => x.id) })}
            />
          </>
        }
      />
      <InsufficientCreditsDialog {...job.insufficientDialog} />
    </>
  )
}
