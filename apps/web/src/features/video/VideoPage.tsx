import { TEXT_LIMITS } from '@parti/contract'
import { Clapperboard, Images, Link2, Upload } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/Button'
import { TextAreaField, TextField } from '../../components/ui/Field'
import { Segmented } from '../../components/ui/Segmented'
import { useSession } from '../auth/session'
import { capabilityView, refusalReason } from '../create/capabilities'
import { CreateLayout, FormSection } from '../create/components/CreateLayout'
import { GalleryPickerDialog } from '../create/components/GalleryPickerDialog'
import { GenerateBar } from '../create/components/GenerateBar'
import { RecentStrip } from '../create/components/RecentStrip'
import { SupportNote } from '../create/components/SupportNote'
import { UploadDropzone } from '../create/components/UploadDropzone'
import { useCapabilities } from '../create/hooks/useCapabilities'
import { scrollToResultOnPhone } from '../create/hooks/useResultJob'
import { useSourceImage } from '../create/hooks/useSourceImage'
import { InsufficientCreditsDialog } from '../create/InsufficientCreditsDialog'
import { isImageUrl } from '../create/inputImage'
import { useFieldError } from '../create/readiness'
import { type StartJobInput, useStartJob } from '../create/useStartJob'
import { useProjectChoice } from '../projects/ProjectPicker'
import { CameraMovePicker } from './components/CameraMovePicker'
import { DurationPicker } from './components/DurationPicker'
import { FirstFrameLimits, firstFrameReason } from './components/FirstFrameLimits'
import { VideoResult } from './components/VideoResult'
import { useVideoDraft } from './hooks/useVideoDraft'
import { videoCost, videoReadiness } from './readiness'
import { videoRequest } from './request'

/**
 * Image to Video (docs/product.md#image-to-video): an image (upload, URL or an earlier result), a
 * description, 6 or 10 s, a camera move.
 */
export default function VideoPage() {
  const { t } = useTranslation(['video', 'create', 'app', 'translation'])
  const { user } = useSession()
  const credits = user?.credits ?? 0
  const [draft, update] = useVideoDraft()
  const [picking, setPicking] = useState(false)
  const [urlBroken, setUrlBroken] = useState(false)
  const lastRequest = useRef<StartJobInput | null>(null)
  const ids = {
    image: useId(),
    url: useId(),
    description: useId(),
    duration: useId(),
    move: useId(),
    camera: useId(),
  }
  const project = useProjectChoice()
  const job = useStartJob({
    projectId: project.projectId,
    insufficientVariant: 'video',
    failureTitle: t('app:messages.generation.videoFailed'),
  })

  useSourceImage((image) => update({ images: [image], source: 'upload' }))

  // what the engine does with the description, the length and the camera move (docs/product.md#capabilities)
  const caps = useCapabilities('animate')
  const view = capabilityView(
    'animate',
    caps,
    { userPrompt: draft.description, duration: draft.duration, cameraMovement: draft.move },
    videoCost(draft.duration),
  )
  const reasons = [
    ...videoReadiness({
      source: draft.source,
      hasImage: draft.images.length > 0,
      url: draft.url,
      description: draft.description,
      duration: draft.duration,
      credits,
    }),
    ...refusalReason(view, 'camera'),
    // a first frame the video model cannot take, refused here as the server would refuse it
    ...firstFrameReason(caps?.input, draft.source === 'upload' ? draft.images[0] : undefined),
  ]
  const fieldError = useFieldError(reasons, draft.showErrors, job.fieldError)

  const submit = async (request: StartJobInput) => {
    lastRequest.current = request
    const started = await job.start(request)
    if (!started) return
    update({ ids: started.generations.map((g) => g.id), showErrors: false })
    scrollToResultOnPhone()
  }

  const urlValid = isImageUrl(draft.url)
  const form = (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2.5">
        <Segmented
          stretch
          label={t('video:form.sourceLabel')}
          value={draft.source}
          onChange={(source) => {
            update({ source })
            job.clearFieldError()
          }}
          options={[
            {
              value: 'upload',
              label: (
                <>
                  <Upload className="size-3.5" aria-hidden />
                  {t('video:form.upload')}
                </>
              ),
              testId: 'source-upload',
            },
            {
              value: 'url',
              label: (
                <>
                  <Link2 className="size-3.5" aria-hidden />
                  {t('video:form.fromUrl')}
                </>
              ),
              testId: 'source-url',
            },
          ]}
        />
        {draft.source === 'upload' ? (
          <UploadDropzone
            inputId={ids.image}
            testId="video-upload"
            label={t('video:form.image')}
            prompt={t('video:form.drop')}
            images={draft.images}
            onChange={(images) => {
              update({ images })
              job.clearFieldError()
            }}
            error={fieldError('image', ['file'])}
            extra={
              <Button variant="ghost" size="sm" className="self-start" onClick={() => setPicking(true)}>
                <Images aria-hidden />
                {t('video:form.fromGallery')}
              </Button>
            }
          />
        ) : (
          <div className="flex flex-col gap-2">
            <TextField
              id={ids.url}
              type="url"
              inputMode="url"
              label={t('video:form.url')}
              placeholder="https://"
              value={draft.url}
              onChange={(e) => {
                update({ url: e.target.value })
                setUrlBroken(false)
                job.clearFieldError()
              }}
              error={fieldError('imageUrl')}
              hint={urlBroken ? t('video:form.urlNoPreview') : t('video:form.urlHint')}
              data-testid="image-url"
            />
            {urlValid && !urlBroken && (
              <div className="grid max-h-56 place-items-center overflow-hidden rounded-xl border border-border bg-surface-2">
                <img
                  src={draft.url.trim()}
                  alt={t('create:upload.preview')}
                  referrerPolicy="no-referrer"
                  onError={() => setUrlBroken(true)}
                  className="max-h-56 w-auto max-w-full object-contain"
                />
              </div>
            )}
          </div>
        )}
        {/* the first frame the video model takes, from its declared capabilities (docs/product.md#capabilities) */}
        <FirstFrameLimits
          limits={caps?.input}
          frame={draft.source === 'upload' ? draft.images[0] : undefined}
        />
      </div>
      <TextAreaField
        id={ids.description}
        label={t('video:form.description')}
        placeholder={t('video:form.descriptionPlaceholder')}
        value={draft.description}
        maxLength={TEXT_LIMITS.prompt}
        onChange={(e) => update({ description: e.target.value })}
        error={fieldError('description')}
        hint={<SupportNote support={view.support('description')} testId="support-description" />}
        className="[&_textarea]:min-h-24"
      />
      <FormSection title={t('video:form.duration')} titleId={ids.duration}>
        <DurationPicker
          value={draft.duration}
          onChange={(duration) => update({ duration })}
          labelledBy={ids.duration}
        />
        <SupportNote support={view.support(`duration.${draft.duration}`)} className="mt-2" />
      </FormSection>
      <FormSection
        title={t('video:form.camera')}
        titleId={ids.move}
        aside={<span className="text-xs text-fg-muted">{t(`video:moves.${draft.move}.name`)}</span>}
      >
        <div id={ids.camera} tabIndex={-1} className="outline-none">
          <CameraMovePicker value={draft.move} onChange={(move) => update({ move })} labelledBy={ids.move} />
        </div>
        <SupportNote
          support={view.support(`camera.${draft.move}`)}
          className="mt-2"
          testId="support-camera"
        />
      </FormSection>
      {project.picker}
      <GenerateBar
        label={t('video:form.generate')}
        cost={videoCost(draft.duration)}
        costDetail={t('video:duration.seconds', { n: draft.duration })}
        credits={credits}
        reasons={reasons}
        variant="video"
        pending={job.isPending}
        fieldIds={{ image: ids.image, imageUrl: ids.url, description: ids.description, camera: ids.camera }}
        onGenerate={() => void submit(videoRequest(draft))}
        onShowErrors={() => update({ showErrors: true })}
        onInsufficient={job.showInsufficient}
      />
    </div>
  )

  return (
    <>
      <CreateLayout
        icon={Clapperboard}
        heading={t('video:heading')}
        intro={t('video:intro')}
        resultLabel={t('video:result.label')}
        form={form}
        result={
          <>
            <VideoResult
              id={draft.ids[0] ?? null}
              onRetry={() => lastRequest.current && void submit(lastRequest.current)}
            />
            <RecentStrip
              filters={{ mode: 'animate' }}
              selected={draft.ids}
              onSelect={(g) => update({ ids: [g.id] })}
            />
          </>
        }
      />
      <GalleryPickerDialog
        open={picking}
        onOpenChange={setPicking}
        onPick={(g) =>
          g.outputImageUrl &&
          update({
            images: [
              {
                kind: 'generation',
                generationId: g.id,
                previewUrl: g.outputImageUrl,
                width: g.metadata.width,
                height: g.metadata.height,
              },
            ],
          })
        }
      />
      <InsufficientCreditsDialog {...job.insufficientDialog} />
    </>
  )
}
