import {
  CAMERA_MOVEMENTS,
  type CameraMovement,
  COSTS,
  DEFAULT_VIDEO_DURATION,
  type Generation,
  type GenerationMode,
  inpaintIntent,
  TEXT_LIMITS,
  UPSCALE_DPI,
  UPSCALE_FACTORS,
  UPSCALE_LIMITS,
  type UpscaleFactor,
  upscaleFits,
  VIDEO_DURATIONS,
  type VideoDuration,
} from '@parti/contract'
import { Eraser, Undo2 } from 'lucide-react'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { cn } from '../../../components/ui/cn'
import { TextAreaField } from '../../../components/ui/Field'
import { Spinner } from '../../../components/ui/Spinner'
import { capabilityView } from '../../create/capabilities'
import { SupportNote } from '../../create/components/SupportNote'
import { useCapabilities } from '../../create/hooks/useCapabilities'
import { InsufficientCreditsDialog } from '../../create/InsufficientCreditsDialog'
import { type FieldError, useStartJob } from '../../create/useStartJob'
import type { Polygon } from '../lasso/geometry'
import { maskPng } from '../lasso/mask'

/** What every edit form receives; the lasso is drawn on the viewer, and only the forms that need it read it. */
export interface EditFormProps {
  source: Generation
  onStarted: (g: Generation) => void
  lasso: {
    polygons: Polygon[]
    onPolygonsChange: (p: Polygon[]) => void
    size: { width: number; height: number } | null
  }
  /** the factor the print readout suggested, when it opened the upscale form */
  upscaleFactor?: UpscaleFactor | undefined
}
type FormProps = Omit<EditFormProps, 'lasso'>

const PROMPT_FIELDS = new Set(['prompt', 'userPrompt', 'description'])

function SubmitButton({ busy, label, blocked }: { busy: boolean; label: string; blocked?: boolean }) {
  return (
    <Button
      type="submit"
      className="w-full"
      disabled={busy || blocked}
      aria-busy={busy || undefined}
      data-testid="mode-submit"
    >
      {busy && <Spinner className="size-4 text-current" />}
      {label}
    </Button>
  )
}

/** A server refusal that is not about the prompt (a source no longer there, a file refused…). */
function OtherError({ error }: { error: FieldError | null }) {
  if (!error || PROMPT_FIELDS.has(error.field) || error.field === 'maskData') return null
  return (
    <p role="alert" className="text-xs text-danger">
      {error.text}
    </p>
  )
}

/**
 * Inpaint (docs/product.md#validation-inpaint): a lasso-selected area and a description, both required. The
 * selection is drawn on the viewer; here are its count, undo and clear. The mask goes as a PNG file part of
 * the image's natural size.
 */
function InpaintForm({ source, onStarted, lasso: { polygons, onPolygonsChange, size } }: EditFormProps) {
  const { t } = useTranslation(['gallery', 'app'])
  const [prompt, setPrompt] = useState('')
  const [errors, setErrors] = useState<{ lasso?: string; prompt?: string }>({})
  const job = useStartJob({
    insufficientVariant: 'inpaint',
    failureTitle: t('app:messages.generation.inpaintRequestFailed'),
    onStarted: ({ generations }) => generations[0] && onStarted(generations[0]),
  })

  // an "add …" the engine cannot draw is said, and not sent, before anything is charged (docs/product.md#capabilities)
  const view = capabilityView('inpaint', useCapabilities('inpaint'), {
    userPrompt: prompt,
    ...(prompt.trim() ? { intent: inpaintIntent(prompt) } : {}),
    hasLasso: polygons.length > 0,
  })
  const intent = prompt.trim() ? view.support(`intent.${inpaintIntent(prompt)}`) : null

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (view.refused) return
    const next = {
      lasso: polygons.length === 0 ? t('gallery:errors.lassoRequired') : undefined,
      prompt: prompt.trim() ? undefined : t('gallery:errors.promptRequired'),
    }
    setErrors(next)
    if (next.lasso || next.prompt || !size) return
    const body = new FormData()
    body.set('sourceGenerationId', source.id)
    body.set('prompt', prompt.trim())
    body.set('maskData', await maskPng(polygons, size.width, size.height), 'mask.png')
    await job.start({ endpoint: '/render/inpainting', body })
  }

  // a message about a missing area goes as soon as there is one; the prompt's as soon as it is written
  const lassoError =
    polygons.length > 0
      ? undefined
      : (errors.lasso ??
        (job.fieldError?.field === 'maskData' ? t('gallery:errors.lassoRequired') : undefined))
  const promptError = prompt.trim()
    ? undefined
    : (errors.prompt ?? (PROMPT_FIELDS.has(job.fieldError?.field ?? '') ? job.fieldError?.text : undefined))

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="inpaint-form">
      <div
        className={cn(
          'flex items-center gap-3 rounded-xl border px-3 py-2.5 text-sm',
          lassoError ? 'border-danger bg-danger-soft' : 'border-border bg-surface-2',
        )}
      >
        <p className="min-w-0 flex-1 text-fg-muted" data-testid="lasso-status">
          {polygons.length === 0
            ? t('gallery:inpaint.hint')
            : t('gallery:inpaint.areas', { count: polygons.length })}
        </p>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('gallery:inpaint.undo')}
          disabled={!polygons.length}
          onClick={() => onPolygonsChange(polygons.slice(0, -1))}
        >
          <Undo2 aria-hidden className="rtl-flip" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('gallery:inpaint.clear')}
          disabled={!polygons.length}
          onClick={() => onPolygonsChange([])}
        >
          <Eraser aria-hidden />
        </Button>
      </div>
      {lassoError && (
        <p role="alert" className="-mt-2 text-xs text-danger" data-testid="lasso-error">
          {lassoError}
        </p>
      )}
      <TextAreaField
        label={t('gallery:inpaint.promptLabel')}
        placeholder={t('gallery:inpaint.promptPlaceholder')}
        value={prompt}
        maxLength={TEXT_LIMITS.prompt}
        onChange={(e) => setPrompt(e.target.value)}
        error={promptError}
        hint={<SupportNote support={view.support('description')} />}
        className="[&_textarea]:min-h-24"
      />
      {intent && <SupportNote support={intent} testId="support-intent" />}
      <OtherError error={job.fieldError} />
      <SubmitButton
        busy={job.isPending}
        blocked={view.refused}
        label={t('gallery:inpaint.submit', { credits: COSTS.image })}
      />
      <InsufficientCreditsDialog {...job.insufficientDialog} />
    </form>
  )
}

/** Magic edit: the chat edit of one image, from here (POST /render/start, generationType chat-edit). */
function MagicEditForm({ source, onStarted }: FormProps) {
  const { t } = useTranslation(['gallery', 'app'])
  const [prompt, setPrompt] = useState('')
  const [error, setError] = useState<string>()
  const view = capabilityView('magic-edit', useCapabilities('magic-edit'), { userPrompt: prompt })
  const job = useStartJob({
    insufficientVariant: 'magicEdit',
    failureTitle: t('app:messages.generation.chatEditFailed'),
    onStarted: ({ generations }) => generations[0] && onStarted(generations[0]),
  })
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!prompt.trim()) return setError(t('gallery:errors.promptRequired'))
    setError(undefined)
    const body = new FormData()
    body.set('generationType', 'chat-edit')
    body.set('sourceGenerationId', source.id)
    body.set('userPrompt', prompt.trim())
    await job.start({ endpoint: '/render/start', body })
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="magic-edit-form">
      <TextAreaField
        label={t('gallery:magicEdit.promptLabel')}
        placeholder={t('gallery:magicEdit.promptPlaceholder')}
        value={prompt}
        maxLength={TEXT_LIMITS.prompt}
        onChange={(e) => setPrompt(e.target.value)}
        error={error ?? (PROMPT_FIELDS.has(job.fieldError?.field ?? '') ? job.fieldError?.text : undefined)}
        hint={<SupportNote support={view.support('description')} />}
        className="[&_textarea]:min-h-24"
      />
      <OtherError error={job.fieldError} />
      <SubmitButton busy={job.isPending} label={t('gallery:magicEdit.submit', { credits: COSTS.image })} />
      <InsufficientCreditsDialog {...job.insufficientDialog} />
    </form>
  )
}

/** Animate: a camera move of 6 or 10 s from this image (POST /render/animate, JSON). */
function AnimateForm({ source, onStarted }: FormProps) {
  const { t } = useTranslation(['gallery', 'app'])
  const [description, setDescription] = useState('')
  const [duration, setDuration] = useState<VideoDuration>(DEFAULT_VIDEO_DURATION)
  const [camera, setCamera] = useState<CameraMovement>('zoom_in')
  const [error, setError] = useState<string>()
  const cameraId = useId()
  const view = capabilityView('animate', useCapabilities('animate'), {
    userPrompt: description,
    duration,
    cameraMovement: camera,
  })
  const job = useStartJob({
    insufficientVariant: 'animate',
    failureTitle: t('app:messages.generation.videoFailed'),
    onStarted: ({ generations }) => generations[0] && onStarted(generations[0]),
  })
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!description.trim()) return setError(t('gallery:errors.animationRequired'))
    if (view.refused) return
    setError(undefined)
    await job.start({
      endpoint: '/render/animate',
      body: {
        sourceGenerationId: source.id,
        description: description.trim(),
        duration,
        cameraMovement: camera,
      },
    })
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="animate-form">
      <TextAreaField
        label={t('gallery:animate.promptLabel')}
        placeholder={t('gallery:animate.promptPlaceholder')}
        value={description}
        maxLength={TEXT_LIMITS.prompt}
        onChange={(e) => setDescription(e.target.value)}
        error={error ?? (PROMPT_FIELDS.has(job.fieldError?.field ?? '') ? job.fieldError?.text : undefined)}
        hint={<SupportNote support={view.support('description')} />}
        className="[&_textarea]:min-h-20"
      />
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-[13px] font-medium text-fg">{t('gallery:animate.duration')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {VIDEO_DURATIONS.map((d) => (
            <label
              key={d}
              className={cn(
                'flex cursor-pointer items-center justify-between rounded-lg border px-3 py-2 text-sm transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                duration === d ? 'border-accent bg-accent-soft text-accent-soft-fg' : 'border-border-strong',
              )}
            >
              <input
                type="radio"
                name="duration"
                value={d}
                checked={duration === d}
                onChange={() => setDuration(d)}
                className="sr-only"
              />
              <span className="font-medium">{t('gallery:animate.seconds', { seconds: d })}</span>
              <span className="text-xs text-fg-muted tabular-nums">
                {t('gallery:modes.cost', { credits: COSTS.video[d] })}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={cameraId} className="text-[13px] font-medium text-fg">
          {t('gallery:details.cameraMovement')}
        </label>
        <select
          id={cameraId}
          value={camera}
          onChange={(e) => setCamera(e.target.value as CameraMovement)}
          className="h-10 rounded-lg border border-border-strong bg-surface px-3 text-sm text-fg"
        >
          {CAMERA_MOVEMENTS.map((m) => (
            <option key={m} value={m}>
              {t(`gallery:camera.${m}`)}
            </option>
          ))}
        </select>
        <SupportNote support={view.support(`camera.${camera}`)} />
      </div>
      <OtherError error={job.fieldError} />
      <SubmitButton
        busy={job.isPending}
        blocked={view.refused}
        label={t('gallery:animate.submit', { credits: COSTS.video[duration] })}
      />
      <InsufficientCreditsDialog {...job.insufficientDialog} />
    </form>
  )
}

/**
 * Upscale (docs/decisions/0115-upscale.md): 2× or 4×, each with the size it makes and its price; a factor whose
 * result would pass the limits is not offered, as the server would refuse it.
 */
function UpscaleForm({ source, onStarted, lasso: { size }, upscaleFactor }: EditFormProps) {
  const { t, i18n } = useTranslation(['gallery', 'app'])
  const fits = (f: UpscaleFactor) => !!size && upscaleFits(size.width, size.height, f).ok
  const [factor, setFactor] = useState<UpscaleFactor>(
    upscaleFactor && fits(upscaleFactor) ? upscaleFactor : (UPSCALE_FACTORS.find(fits) ?? UPSCALE_FACTORS[0]),
  )
  const n = (v: number) => new Intl.NumberFormat(i18n.resolvedLanguage).format(v)
  const job = useStartJob({
    failureTitle: t('app:messages.generation.renderFailed'),
    onStarted: ({ generations }) => generations[0] && onStarted(generations[0]),
  })
  const none = !!size && !UPSCALE_FACTORS.some(fits)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!fits(factor)) return
    const body = new FormData()
    body.set('generationType', 'upscale')
    body.set('sourceGenerationId', source.id)
    body.set('upscaleFactor', String(factor))
    await job.start({ endpoint: '/render/start', body })
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="upscale-form">
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-[13px] font-medium text-fg">{t('gallery:upscale.factor')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {UPSCALE_FACTORS.map((f) => {
            const ok = fits(f)
            return (
              <label
                key={f}
                data-testid={`upscale-factor-${f}`}
                className={cn(
                  'flex flex-col gap-0.5 rounded-lg border px-3 py-2 text-sm transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  !ok && 'cursor-not-allowed opacity-60',
                  ok && 'cursor-pointer',
                  factor === f && ok
                    ? 'border-accent bg-accent-soft text-accent-soft-fg'
                    : 'border-border-strong',
                )}
              >
                <input
                  type="radio"
                  name="upscaleFactor"
                  value={f}
                  checked={factor === f}
                  disabled={!ok}
                  onChange={() => setFactor(f)}
                  className="sr-only"
                />
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium">{t('gallery:upscale.times', { factor: f })}</span>
                  <span className="text-xs text-fg-muted tabular-nums">
                    {t('gallery:modes.cost', { credits: COSTS.upscale[f] })}
                  </span>
                </span>
                {size && (
                  <span className="text-[11px] text-fg-muted tabular-nums" dir="ltr">
                    {t('gallery:upscale.size', { width: n(size.width * f), height: n(size.height * f) })}
                  </span>
                )}
                {size && !ok && (
                  <span className="text-[11px] text-danger">
                    {t('gallery:upscale.tooLarge', { max: UPSCALE_LIMITS.maxOutputPixels / 1_000_000 })}
                  </span>
                )}
              </label>
            )
          })}
        </div>
      </fieldset>
      <p className="text-xs text-fg-muted">{t('gallery:upscale.hint', { dpi: UPSCALE_DPI })}</p>
      {none && (
        <p role="alert" className="text-xs text-danger">
          {t('gallery:upscale.unavailable')}
        </p>
      )}
      <OtherError error={job.fieldError} />
      <SubmitButton
        busy={job.isPending}
        blocked={!size || !fits(factor)}
        label={t('gallery:upscale.submit', { factor, credits: COSTS.upscale[factor] })}
      />
      <InsufficientCreditsDialog {...job.insufficientDialog} />
    </form>
  )
}

/**
 * The kinds a result can start from the detail area, in the order their cards show, each with its form. A new
 * mode is its form and one line here (its card's icon and price come from the kind).
 */
export const EDIT_FORMS = {
  inpaint: InpaintForm,
  'magic-edit': MagicEditForm,
  animate: AnimateForm,
  upscale: UpscaleForm,
} satisfies Partial<Record<GenerationMode, (props: EditFormProps) => ReactNode>>
export type EditMode = keyof typeof EDIT_FORMS
export const EDIT_MODES = Object.keys(EDIT_FORMS) as EditMode[]
