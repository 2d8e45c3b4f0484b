import { COSTS } from '@parti/contract'
import { Sofa } from 'lucide-react'
import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { TextAreaField } from '../../components/ui/Field'
import { useSession } from '../auth/session'
import { CreateLayout, FormSection } from '../create/components/CreateLayout'
import { FollowLinesControl } from '../create/components/FollowLinesControl'
import { GenerateBar } from '../create/components/GenerateBar'
import { PalettePicker } from '../create/components/PalettePicker'
import { RecentStrip } from '../create/components/RecentStrip'
import { UploadDropzone } from '../create/components/UploadDropzone'
import { useSourceImage } from '../create/hooks/useSourceImage'
import { InsufficientCreditsDialog } from '../create/InsufficientCreditsDialog'
import { useFieldError } from '../create/readiness'
import { type StartJobInput, useStartJob } from '../create/useStartJob'
import { useAdvancedSettings } from '../preferences/advanced'
import { RoomTypePicker } from './components/RoomTypePicker'
import { StagingOptionsPicker } from './components/StagingOptionsPicker'
import { StagingResult } from './components/StagingResult'
import { StagingStylePicker } from './components/StagingStylePicker'
import { useStagingDraft } from './hooks/useStagingDraft'
import { STAGING_COST, stagingReadiness } from './readiness'
import { stagingRequest } from './request'

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
  const job = useStartJob({ failureTitle: t('staging:failed') })

  // 'use as input' from another screen: /staging?source=<generation id>
  useSourceImage((photo) => update({ photos: [photo] }))

  const reasons = stagingReadiness({ hasPhoto: draft.photos.length > 0, credits })
  const fieldError = useFieldError(reasons, draft.showErrors, job.fieldError)

  const submit = async (request: StartJobInput) => {
    lastRequest.current = request
    const started = await job.start(request)
    if (!started) return
    update({ ids: started.generations.map((g) => g.id), showErrors: false })
    if (window.matchMedia('(max-width: 1023px)').matches)
      document.getElementById('result')?.scrollIntoView({ behavior: 'smooth', block: 'start' })
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
      />
      <FormSection title={t('staging:form.roomType')} titleId={ids.room}>
        <RoomTypePicker
          value={draft.roomType}
          onChange={(roomType) => update({ roomType })}
          labelledBy={ids.room}
        />
      </FormSection>
      <FormSection title={t('staging:form.style')} titleId={ids.style}>
        <StagingStylePicker
          value={draft.style}
          onChange={(style) => update({ style })}
          labelledBy={ids.style}
        />
      </FormSection>
      <FormSection title={t('staging:form.options')} titleId={ids.options}>
        <StagingOptionsPicker
          value={draft.options}
          onChange={(options) => update({ options })}
          labelledBy={ids.options}
        />
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
      <GenerateBar
        label={t('staging:form.generate')}
        cost={STAGING_COST}
        costDetail={t('staging:form.costDetail', COSTS.staging)}
        credits={credits}
        reasons={reasons}
        pending={job.isPending}
        fieldIds={{ image: ids.photo }}
        onGenerate={() => void submit(stagingRequest(draft))}
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
            <StagingResult
              id={draft.ids[0] ?? null}
              onRetry={() => lastRequest.current && void submit(lastRequest.current)}
            />
            <RecentStrip
              filters={{ mode: 'staging' }}
              selected={draft.ids}
              onSelect={(g) => update({ ids: [g.id] })}
            />
          </>
        }
      />
      <InsufficientCreditsDialog {...job.insufficientDialog} />
    </>
  )
}
