import {
  type DetectResponse,
  MATERIALS,
  type MaterialId,
  materialsFor,
  RAL_COLOURS,
  resolvePaint,
} from '@parti/contract'
import { PaintRoller } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Segmented } from '../../../components/ui/Segmented'
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
import { MaterialPicker } from './MaterialPicker'
import { LassoControls, PrepPhoto } from './PrepPhoto'
import { RenovateResult } from './RenovateResult'
import { detectSurface, REPAINT_COST, renovateReadiness, repaintRequest } from './request'

/** A few colours designers ask for most, one tap each; any other by typing. */
const QUICK = [
  'RAL 9010',
  'RAL 9016',
  'RAL 7035',
  'RAL 7016',
  'RAL 1015',
  'RAL 6021',
  'RAL 5014',
  'NCS S 1002-Y',
]

/**
 * Repaint in an exact colour (docs/decisions/0112-repaint-exact-colours.md) or lay a material from the library
 * (docs/decisions/0120-repaint-materials.md): one click picks the wall, floor or ceiling (shown tinted before
 * buying), the lasso bounds it or stands for it, and the colour is a hex code, a RAL Classic number, an NCS
 * notation or a RAL name — or a material, among those that fit the surface picked; the result says its ΔE00.
 */
export default function RepaintPage() {
  const { t } = useTranslation(['renovate', 'create'])
  const { user } = useSession()
  const credits = user?.credits ?? 0
  const photoId = useId()
  const colourId = useId()
  const listId = useId()
  const materialId = useId()
  const [photos, setPhotos] = useState<InputImage[]>([])
  const [point, setPoint] = useState<{ x: number; y: number } | null>(null)
  const [surface, setSurface] = useState<DetectResponse['surface'] | undefined>(undefined)
  const [finish, setFinish] = useState<'colour' | 'material'>('colour')
  const [material, setMaterial] = useState<MaterialId | null>(null)
  const [picking, setPicking] = useState(false)
  const [polygons, setPolygons] = useState<Polygon[]>([])
  const [lasso, setLasso] = useState(false)
  const [colour, setColour] = useState('RAL 7035')
  const [showErrors, setShowErrors] = useState(false)
  const [tried, setTried] = useState(false)
  const project = useProjectChoice()
  const result = useResultJob({ failureTitle: t('repaint.failed'), projectId: project.projectId })
  const { job, ids, setIds } = result
  useSourceImage((photo) => setPhotos([photo]))
  const photo = photos[0] ?? null
  const size = useImageSize(photo?.previewUrl ?? null, photo && 'width' in photo ? photo : undefined)
  const paint = resolvePaint(colour)
  const surfaceKind = surface?.kind ?? null
  // a material that does not fit the surface just picked gives way to the first that does
  useEffect(() => {
    setMaterial((m) => (m && materialsFor(surfaceKind).includes(m) ? m : null))
  }, [surfaceKind])
  const ready = finish === 'colour' ? !!paint : !!material
  const reasons = renovateReadiness({ hasPhoto: !!photo, credits, cost: REPAINT_COST })
  const fieldError = useFieldError(reasons, showErrors, job.fieldError)
  const empty = !surface && !polygons.length
  const nothing = tried && empty

  useEffect(() => {
    setPoint(null)
    setSurface(undefined)
    setPolygons([])
  }, [])

  const pick = (p: { x: number; y: number }) => {
    if (!photo) return
    setPoint(p)
    setPicking(true)
    detectSurface(photo, p)
      .then(setSurface)
      .catch(() => setSurface(null))
      .finally(() => setPicking(false))
  }
  const submit = async (request: StartJobInput) => {
    if (await result.submit(request)) setShowErrors(false)
  }
  const generate = async () => {
    if (!photo || !ready) return
    // what the server would refuse, free: no surface picked and nothing marked (docs/decisions/0112-repaint-exact-colours.md)
    if (empty) return setTried(true)
    const mask = polygons.length && size ? await maskPng(polygons, size.width, size.height) : null
    const chosen = finish === 'material' && material ? { material } : { paintColor: paint?.label ?? colour }
    await submit(repaintRequest(photo, chosen, point, mask))
  }

  const status = picking
    ? t('repaint.picking')
    : surface
      ? t('repaint.picked', { share: Math.round(surface.share * 100) })
      : surface === null
        ? t('repaint.notPicked')
        : t('repaint.clickHint')

  const form = (
    <div className="flex flex-col gap-5">
      <UploadDropzone
        inputId={photoId}
        testId="repaint-upload"
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
            onPick={pick}
            testId="repaint-photo"
          >
            {surface && (
              <div
                aria-hidden
                data-testid="surface-overlay"
                className="pointer-events-none absolute inset-0 opacity-60"
                style={{
                  backgroundColor:
                    (finish === 'material' && material ? MATERIALS[material].base : paint?.hex) ?? '#ffffff',
                  maskImage: `url(${surface.mask})`,
                  maskSize: '100% 100%',
                  maskMode: 'luminance',
                  WebkitMaskImage: `url(${surface.mask})`,
                  WebkitMaskSize: '100% 100%',
                }}
              />
            )}
            {point && (
              <span
                aria-hidden
                className="pointer-events-none absolute size-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-accent shadow"
                style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
              />
            )}
          </PrepPhoto>
        )}
        extra={
          photo && (
            <div className="flex flex-col gap-3">
              <p className="text-[13px] text-fg" data-testid="repaint-status" aria-live="polite">
                {status}
              </p>
              <LassoControls
                polygons={polygons}
                onChange={setPolygons}
                active={lasso}
                onActive={setLasso}
                hint={t('repaint.lassoHint')}
              />
            </div>
          )
        }
      />
      <Segmented
        label={t('repaint.finish')}
        value={finish}
        onChange={setFinish}
        stretch
        options={[
          { value: 'colour', label: t('repaint.colour'), testId: 'finish-colour' },
          { value: 'material', label: t('repaint.material'), testId: 'finish-material' },
        ]}
      />
      {finish === 'colour' ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={colourId} className="text-[13px] font-medium text-fg">
            {t('repaint.colour')}
          </label>
          <div className="flex items-center gap-2">
            <span
              aria-hidden
              className="size-9 shrink-0 rounded-lg border border-border-strong"
              style={{ backgroundColor: paint?.hex ?? 'transparent' }}
              data-testid="paint-swatch"
            />
            <input
              id={colourId}
              list={listId}
              dir="ltr"
              value={colour}
              onChange={(e) => setColour(e.target.value)}
              placeholder={t('repaint.colourPlaceholder')}
              className="h-9 min-w-0 flex-1 rounded-lg border border-border-strong bg-surface px-3 text-sm text-fg"
              data-testid="paint-input"
              aria-invalid={!paint}
              aria-describedby={`${colourId}-said`}
            />
            <datalist id={listId}>
              {RAL_COLOURS.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </datalist>
          </div>
          <p id={`${colourId}-said`} className="text-xs text-fg-muted" data-testid="paint-resolved">
            {paint
              ? [paint.label, paint.name, paint.system !== 'hex' && paint.hex].filter(Boolean).join(' · ')
              : t('repaint.colourUnknown')}
          </p>
          {paint && !paint.inGamut && <p className="text-xs text-warning">{t('repaint.outOfGamut')}</p>}
          <fieldset className="flex flex-wrap gap-1.5">
            <legend className="sr-only">{t('repaint.quick')}</legend>
            {QUICK.map((q) => {
              const p = resolvePaint(q)!
              return (
                <button
                  key={q}
                  type="button"
                  onClick={() => setColour(q)}
                  aria-pressed={colour === q}
                  className="flex items-center gap-1.5 rounded-full border border-border bg-surface-2 py-1 ps-1 pe-2.5 text-xs text-fg hover:bg-surface-3 aria-pressed:border-accent"
                >
                  <span
                    className="size-4 rounded-full border border-border-strong"
                    style={{ backgroundColor: p.hex }}
                  />
                  <span dir="ltr">{q}</span>
                </button>
              )
            })}
          </fieldset>
          <p className="text-xs text-fg-muted">{t('repaint.source')}</p>
        </div>
      ) : (
        <MaterialPicker id={materialId} value={material} onChange={setMaterial} surface={surfaceKind} />
      )}
      {nothing && (
        <p role="alert" className="text-[13px] text-danger" data-testid="repaint-nothing">
          {t('create:failure.ids.surface_not_found')}
        </p>
      )}
      {project.picker}
      <GenerateBar
        label={t('repaint.generate')}
        cost={REPAINT_COST}
        credits={credits}
        reasons={
          ready
            ? reasons
            : [
                ...reasons,
                { code: 'validation_failed', field: finish === 'colour' ? 'paintColor' : 'material' },
              ]
        }
        pending={job.isPending || picking}
        fieldIds={{ image: photoId, paintColor: colourId, material: materialId }}
        onGenerate={() => void generate()}
        onShowErrors={() => setShowErrors(true)}
        onInsufficient={job.showInsufficient}
      />
    </div>
  )

  return (
    <>
      <CreateLayout
        icon={PaintRoller}
        heading={t('repaint.heading')}
        intro={t('repaint.intro')}
        resultLabel={t('repaint.resultLabel')}
        form={form}
        result={
          <>
            <RenovateResult id={ids[0] ?? null} kind="repaint" icon={PaintRoller} onRetry={result.retry} />
            <RecentStrip filters={{ mode: 'repaint' }} selected={ids} onSelect={(g) => setIds([g.id])} />
          </>
        }
      />
      <InsufficientCreditsDialog {...job.insufficientDialog} />
    </>
  )
}
