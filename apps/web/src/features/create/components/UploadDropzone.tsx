import { ImagePlus, RefreshCw, Trash2, Upload } from 'lucide-react'
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { cn } from '../../../components/ui/cn'
import {
  ACCEPT_ATTRIBUTE,
  checkImageFile,
  choosePage,
  type FileProblem,
  fromFile,
  type InputImage,
  measureImage,
  needsServerPreview,
  releaseInput,
  withServerPreview,
} from '../inputImage'

interface UploadDropzoneProps {
  /** the field's visible label, e.g. "Sketch" */
  label: string
  /** what to drop, e.g. "Drop your sketch here" */
  prompt: string
  images: InputImage[]
  onChange: (images: InputImage[]) => void
  /** more than one file at once (Pro batch) */
  max?: number
  /** the message of docs/product.md#validation for this field, shown under it */
  error?: string | null
  /** listen for pasted images anywhere on the page (one dropzone per screen) */
  acceptPaste?: boolean
  /** extra controls under the zone, e.g. "Choose from gallery" */
  extra?: ReactNode
  testId?: string
  /** id of the focusable control, so a reasons list can move focus here */
  inputId?: string
  /**
   * What the one picked image shows in place of the plain preview (e.g. the staging lasso drawn on it), above
   * the caption and its replace and remove actions: the picture is shown once.
   */
  preview?: (image: InputImage) => ReactNode
}

/**
 * The input image of a creation screen: drag and drop, the file picker, or paste (Ctrl/⌘+V), with a preview,
 * its size, and the browser's check of docs/product.md#validation-upload (PNG, JPG, JPEG, WEBP, up to 10 MB)
 * before anything is sent.
 */
export function UploadDropzone({
  label,
  prompt,
  images,
  onChange,
  max = 1,
  error,
  acceptPaste = true,
  extra,
  testId,
  inputId,
  preview,
}: UploadDropzoneProps) {
  const { t } = useTranslation(['create', 'translation'])
  const autoId = useId()
  const id = inputId ?? autoId
  const fileRef = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const [problem, setProblem] = useState<FileProblem | null>(null)
  const latest = useRef({ images, onChange, max })
  latest.current = { images, onChange, max }

  const take = (files: File[]) => {
    if (!files.length) return
    const bad = files.map(checkImageFile).find(Boolean) ?? null
    setProblem(bad)
    const good = files.filter((f) => !checkImageFile(f))
    if (!good.length) return
    const { images: current, onChange: change, max: limit } = latest.current
    const added = good.map(fromFile)
    let next: InputImage[]
    if (limit === 1) {
      for (const old of current) releaseInput(old)
      next = added.slice(0, 1)
    } else {
      next = [...current, ...added].slice(0, limit)
      for (const dropped of added.slice(Math.max(0, limit - current.length))) releaseInput(dropped)
    }
    change(next)
    // the caption shows the pixel size; a small image gets the 1024 px advice (docs/product.md#input-size)
    for (const image of next) {
      if (image.kind !== 'file' || image.width) continue
      if (needsServerPreview(image.file)) {
        // HEIC, TIFF, PDF: the browser cannot draw them; the server's preview (and a PDF's pages) replace it
        void withServerPreview(image).then(
          (shown) => replace(image, shown),
          () => replace(image, { ...image, previews: [] }),
        )
        continue
      }
      void measureImage(image.previewUrl).then((size) => {
        if (!size) return
        const now = latest.current.images
        if (!now.includes(image)) return
        latest.current.onChange(now.map((x) => (x === image ? { ...image, ...size } : x)))
      })
    }
  }

  /** Swap an input for its updated self, if it is still there. */
  const replace = (old: InputImage, updated: InputImage) => {
    const now = latest.current.images
    if (!now.includes(old)) return
    latest.current.onChange(now.map((x) => (x === old ? updated : x)))
  }

  const takeRef = useRef(take)
  takeRef.current = take
  useEffect(() => {
    if (!acceptPaste) return
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? [])
      if (!files.length) return
      // a paste into a text field stays text unless it carries an image
      event.preventDefault()
      takeRef.current(files)
    }
    window.addEventListener('paste', onPaste)
    return () => window.removeEventListener('paste', onPaste)
  }, [acceptPaste])

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    take(Array.from(event.dataTransfer.files))
  }
  const onDragOver = (event: DragEvent) => {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return
    event.preventDefault()
    setOver(true)
  }

  const remove = (image: InputImage) => {
    releaseInput(image)
    onChange(images.filter((x) => x !== image))
    setProblem(null)
  }

  const shownError = problem ? t(`translation:errors.${problem}`) : error
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const single = max === 1 ? images[0] : undefined

  return (
    <div className="flex flex-col gap-1.5" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-[13px] font-medium text-fg">
          {label}
        </label>
        {max > 1 && (
          <span className="text-xs text-fg-subtle tabular-nums">
            {t('create:upload.count', { count: images.length, max })}
          </span>
        )}
      </div>
      <input
        ref={fileRef}
        id={id}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        multiple={max > 1}
        className="sr-only"
        aria-invalid={shownError ? true : undefined}
        aria-describedby={shownError ? errorId : hintId}
        onChange={(event) => {
          take(Array.from(event.target.files ?? []))
          event.target.value = ''
        }}
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; its button and the labelled input are the keyboard way in */}
      <div
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-over={over || undefined}
        className={cn(
          'relative overflow-hidden rounded-xl border transition-colors',
          over ? 'border-accent bg-accent-soft/60' : 'border-border-strong',
          !images.length && 'border-dashed bg-surface-2/50',
          shownError && !over && 'border-danger',
        )}
      >
        {single ? (
          <Preview
            image={single}
            onReplace={() => fileRef.current?.click()}
            onRemove={() => remove(single)}
            onPage={(page) => onChange([choosePage(single, page)])}
            view={preview?.(single)}
          />
        ) : images.length > 0 ? (
          <div className="grid grid-cols-3 gap-2 p-2 sm:grid-cols-4">
            {images.map((image, i) => (
              <div
                key={image.previewUrl}
                className="group relative aspect-square overflow-hidden rounded-lg bg-surface-2"
              >
                <img
                  src={image.previewUrl}
                  alt={t('create:upload.previewN', { n: i + 1 })}
                  className="size-full object-cover"
                />
                <button
                  type="button"
                  onClick={() => remove(image)}
                  aria-label={t('create:upload.removeN', { n: i + 1 })}
                  className="absolute end-1 top-1 grid size-7 place-items-center rounded-md bg-black/60 text-white hover:bg-black/75"
                >
                  <Trash2 className="size-3.5" aria-hidden />
                </button>
              </div>
            ))}
            {images.length < max && (
              <button
                type="button"
                onClick={() => fileRef.current?.click()}
                className="grid aspect-square place-items-center rounded-lg border border-dashed border-border-strong text-fg-muted hover:border-accent hover:text-accent"
              >
                <span className="flex flex-col items-center gap-1 text-xs font-medium">
                  <ImagePlus className="size-5" aria-hidden />
                  {t('create:upload.add')}
                </span>
              </button>
            )}
          </div>
        ) : (
          <div className="flex flex-col items-center px-4 py-8 text-center sm:py-10">
            <span className="grid size-11 place-items-center rounded-xl border border-border bg-surface text-accent shadow-card">
              <Upload className="size-5" aria-hidden />
            </span>
            <p className="mt-3 text-sm font-medium text-fg">{over ? t('create:upload.release') : prompt}</p>
            <p className="mt-1 text-xs text-fg-muted">{t('create:upload.how')}</p>
            <Button variant="outline" size="sm" className="mt-4" onClick={() => fileRef.current?.click()}>
              {t('create:upload.choose')}
            </Button>
          </div>
        )}
      </div>
      {shownError ? (
        <p id={errorId} role="alert" className="text-xs text-danger">
          {shownError}
        </p>
      ) : (
        <p id={hintId} className="text-xs text-fg-subtle">
          {single?.kind === 'file' &&
          single.width &&
          single.height &&
          Math.max(single.width, single.height) < 1024
            ? t('create:upload.small')
            : t('create:upload.rules')}
        </p>
      )}
      {extra}
    </div>
  )
}

function Preview({
  image,
  onReplace,
  onRemove,
  onPage,
  view,
}: {
  image: InputImage
  onReplace: () => void
  onRemove: () => void
  onPage: (page: number) => void
  view?: ReactNode
}) {
  const { t, i18n } = useTranslation('create')
  const pageId = useId()
  const waiting = image.kind === 'file' && needsServerPreview(image.file) && !image.previews
  const unseen = image.kind === 'file' && image.previews?.length === 0
  const pages = image.kind === 'file' ? Math.min(image.pages ?? 1, image.previews?.length ?? 0) : 0
  const format = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { maximumFractionDigits: 1 })
  const caption =
    image.kind === 'file'
      ? [
          image.file.name || t('upload.pasted'),
          image.width && image.height ? t('upload.size', { width: image.width, height: image.height }) : null,
          t('upload.megabytes', { value: format.format(image.file.size / 1024 / 1024) }),
        ]
          .filter(Boolean)
          .join(' · ')
      : image.kind === 'generation'
        ? t('upload.fromGallery')
        : image.url
  return (
    <div>
      {waiting || unseen ? (
        <p
          className="grid min-h-40 place-items-center bg-surface-2 px-4 text-center text-sm text-fg-muted"
          role="status"
        >
          {waiting ? t('upload.previewing') : t('upload.noPreview')}
        </p>
      ) : (
        (view ?? (
          <div className="grid max-h-72 place-items-center bg-surface-2">
            <img
              src={image.previewUrl}
              alt={t('upload.preview')}
              className="max-h-72 w-auto max-w-full object-contain"
            />
          </div>
        ))
      )}
      {pages > 1 && image.kind === 'file' && (
        <div className="flex items-center gap-2 border-t border-border bg-surface px-3 py-2">
          <label htmlFor={pageId} className="text-xs font-medium text-fg">
            {t('upload.pdfPage')}
          </label>
          <select
            id={pageId}
            value={image.pdfPage ?? 1}
            onChange={(event) => onPage(Number(event.target.value))}
            className="rounded-md border border-border-strong bg-surface px-2 py-1 text-xs text-fg"
            data-testid="pdf-page"
          >
            {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {t('upload.pdfPageN', { n, count: image.pages })}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="flex items-center gap-2 border-t border-border bg-surface px-3 py-2">
        <p className="min-w-0 flex-1 truncate text-xs text-fg-muted" dir="auto">
          {caption}
        </p>
        <Button variant="ghost" size="sm" onClick={onReplace}>
          <RefreshCw aria-hidden />
          {t('upload.replace')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onRemove} className="text-danger hover:text-danger">
          <Trash2 aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('upload.remove')}</span>
        </Button>
      </div>
    </div>
  )
}
