import { ScanFace } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../auth/session'
import { CreateLayout } from '../../create/components/CreateLayout'
import { GenerateBar } from '../../create/components/GenerateBar'
import { RecentStrip } from '../../create/components/RecentStrip'
import { UploadDropzone } from '../../create/components/UploadDropzone'
import { useResultJob } from '../../create/hooks/useResultJob'
import { useSourceImage } from '../../create/hooks/useSourceImage'
import { InsufficientCreditsDialog } from '../../create/InsufficientCreditsDialog'
import type { InputImage } from '../../create/inputImage'
import { useFieldError } from '../../create/readiness'
import type { StartJobInput } from '../../create/useStartJob'
import { useImageSize } from '../../gallery/hooks/useImageSize'
import type { Polygon } from '../../gallery/lasso/geometry'
import { maskPng } from '../../gallery/lasso/mask'
import { useProjectChoice } from '../../projects/ProjectPicker'
import { LassoControls, PrepPhoto } from './PrepPhoto'
import { RenovateResult } from './RenovateResult'
import { detectFaces, type FaceChoice, PRIVACY_COST, privacyRequest, renovateReadiness } from './request'

/**
 * Privacy blur (docs/decisions/0111-privacy-blur.md): the faces of a listing photo found for free and drawn on
 * it, each a toggle (blurred by default); number plates, house numbers and family photos marked with the lasso.
 */
export default function PrivacyBlurPage() {
  const { t } = useTranslation(['renovate', 'create'])
  const { user } = useSession()
  const credits = user?.credits ?? 0
  const photoId = useId()
  const [photos, setPhotos] = useState<InputImage[]>([])
  const [faces, setFaces] = useState<FaceChoice[] | null>(null)
  const [finding, setFinding] = useState(false)
  const [polygons, setPolygons] = useState<Polygon[]>([])
  const [lasso, setLasso] = useState(false)
  const [showErrors, setShowErrors] = useState(false)
  const [tried, setTried] = useState(false)
  const project = useProjectChoice()
  const result = useResultJob({ failureTitle: t('privacy.failed'), projectId: project.projectId })
  const { job, ids, setIds } = result
  useSourceImage((photo) => setPhotos([photo]))
  const photo = photos[0] ?? null
  const size = useImageSize(photo?.previewUrl ?? null, photo && 'width' in photo ? photo : undefined)
  const reasons = renovateReadiness({ hasPhoto: !!photo, credits, cost: PRIVACY_COST })
  const fieldError = useFieldError(reasons, showErrors, job.fieldError)
  const empty = !!faces && !faces.some((f) => f.blur) && !polygons.length
  const nothing = tried && empty

  // a new photo: its faces are looked for at once (free), and the old marks go
  useEffect(() => {
    setFaces(null)
    setPolygons([])
    if (!photo) return
    let live = true
    setFinding(true)
    detectFaces(photo)
      .then((found) => live && setFaces(found))
      .catch(() => live && setFaces(null))
      .finally(() => live && setFinding(false))
    return () => {
      live = false
    }
  }, [photo])

  const submit = async (request: StartJobInput) => {
    if (await result.submit(request)) setShowErrors(false)
  }
  const generate = async () => {
    if (!photo) return
    // what the server would refuse, free: no face kept and nothing marked (docs/decisions/0111-privacy-blur.md)
    if (empty) return setTried(true)
    const mask = polygons.length && size ? await maskPng(polygons, size.width, size.height) : null
    await submit(privacyRequest(photo, faces, mask))
  }
  const toggle = (i: number) =>
    setFaces((f) => (f ? f.map((x, j) => (j === i ? { ...x, blur: !x.blur } : x)) : f))

  const status = finding
    ? t('privacy.finding')
    : faces
      ? faces.length
        ? t('privacy.found', { count: faces.length, blurred: faces.filter((f) => f.blur).length })
        : t('privacy.none')
      : null

  const form = (
    <div className="flex flex-col gap-5">
      <UploadDropzone
        inputId={photoId}
        testId="privacy-upload"
        label={t('photo')}
        prompt={t('drop')}
        images={photos}
        onChange={(next) => {
          setPhotos(next)
          job.clearFieldError()
        }}
        error={fieldError('image', ['file', 'imageUrl'])}
        preview={(image) => (
          <PrepPhoto
            photo={image}
            polygons={polygons}
            onPolygons={setPolygons}
            lasso={lasso}
            testId="privacy-photo"
          >
            {faces?.map((f, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: a detection has no id; the list is replaced whole
                key={i}
                type="button"
                aria-pressed={f.blur}
                aria-label={t('privacy.face', { n: i + 1, score: Math.round(f.score * 100) })}
                title={f.blur ? t('privacy.blurOn') : t('privacy.blurOff')}
                data-testid="face-toggle"
                onClick={(e) => {
                  e.stopPropagation()
                  toggle(i)
                }}
                className={`absolute z-10 rounded-md border-2 ${lasso ? 'pointer-events-none' : ''} ${
                  f.blur
                    ? 'border-accent bg-accent/25 backdrop-blur-sm'
                    : 'border-dashed border-white/90 bg-transparent'
                }`}
                style={{
                  left: `${f.x * 100}%`,
                  top: `${f.y * 100}%`,
                  width: `${f.w * 100}%`,
                  height: `${f.h * 100}%`,
                }}
              />
            ))}
          </PrepPhoto>
        )}
        extra={
          photo && (
            <div className="flex flex-col gap-3">
              {status && (
                <p className="text-[13px] text-fg" data-testid="privacy-status" aria-live="polite">
                  {status}
                </p>
              )}
              {!!faces?.length && <p className="text-xs text-fg-muted">{t('privacy.hint')}</p>}
              <LassoControls
                polygons={polygons}
                onChange={setPolygons}
                active={lasso}
                onActive={setLasso}
                hint={t('privacy.lassoHint')}
              />
            </div>
          )
        }
      />
      {nothing && (
        <p role="alert" className="text-[13px] text-danger" data-testid="privacy-nothing">
          {t('create:failure.ids.nothing_to_blur')}
        </p>
      )}
      {project.picker}
      <GenerateBar
        label={t('privacy.generate')}
        cost={PRIVACY_COST}
        credits={credits}
        reasons={reasons}
        pending={job.isPending || finding}
        fieldIds={{ image: photoId }}
        onGenerate={() => void generate()}
        onShowErrors={() => setShowErrors(true)}
        onInsufficient={job.showInsufficient}
      />
    </div>
  )

  return (
    <>
      <CreateLayout
        icon={ScanFace}
        heading={t('privacy.heading')}
        intro={t('privacy.intro')}
        resultLabel={t('privacy.resultLabel')}
        form={form}
        result={
          <>
            <RenovateResult id={ids[0] ?? null} kind="privacy" icon={ScanFace} onRetry={result.retry} />
            <RecentStrip filters={{ mode: 'privacy' }} selected={ids} onSelect={(g) => setIds([g.id])} />
          </>
        }
      />
      <InsufficientCreditsDialog {...job.insufficientDialog} />
    </>
  )
}
