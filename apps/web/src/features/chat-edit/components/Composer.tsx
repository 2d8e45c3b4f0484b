import { TEXT_LIMITS } from '@parti/contract'
import { ArrowUp, Images, Paperclip, X } from 'lucide-react'
import {
  type CSSProperties,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import { Spinner } from '../../../components/ui/Spinner'
import {
  ACCEPT_ATTRIBUTE,
  checkImageFile,
  fromFile,
  type InputImage,
  needsServerPreview,
  withServerPreview,
} from '../../create/inputImage'

interface ComposerProps {
  prompt: string
  onPromptChange: (prompt: string) => void
  image: InputImage | null
  onImageChange: (image: InputImage | null) => void
  /** images earlier in the conversation, newest first, to reuse with one tap */
  previous: InputImage[]
  onOpenGallery: () => void
  /** true when Send would run; otherwise pressing it shows `message` */
  ready: boolean
  /** the reason Send cannot run or the last failure, in the catalogue's words */
  message: string | null
  messageAction?: ReactNode
  onSend: () => void
  onBlocked: () => void
  pending: boolean
  cost: string
  /** what the engine does with a request, said before Send (docs/product.md#capabilities) */
  note?: ReactNode
  /** settings beside Send (how many variations) */
  options?: ReactNode
  autoFocus?: boolean
}

/** Where a request is written: the image it edits (attached, from the gallery or reused), the prompt, Send. */
export function Composer({
  prompt,
  onPromptChange,
  image,
  onImageChange,
  previous,
  onOpenGallery,
  ready,
  message,
  messageAction,
  onSend,
  onBlocked,
  pending,
  cost,
  note,
  options,
  autoFocus,
}: ComposerProps) {
  const { t } = useTranslation(['chat', 'translation'])
  const promptId = useId()
  const messageId = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const [fileProblem, setFileProblem] = useState<string | null>(null)
  const [over, setOver] = useState(false)

  const take = (files: File[]) => {
    const file = files[0]
    if (!file) return
    const problem = checkImageFile(file)
    // docs/product.md#validation-chat: 'Please select a valid image file (…the formats)'
    if (problem) return setFileProblem(t(`translation:errors.${problem}`))
    setFileProblem(null)
    const input = fromFile(file)
    onImageChange(input)
    // HEIC, TIFF, PDF: the browser cannot draw them; the server's preview replaces the blank one if still attached
    if (input.kind === 'file' && needsServerPreview(file)) {
      void withServerPreview(input).then(
        (shown) => {
          if (imageRef.current === input) onImageChange(shown)
        },
        () => {},
      )
    }
  }
  const imageRef = useRef(image)
  imageRef.current = image
  const takeRef = useRef(take)
  takeRef.current = take
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? [])
      if (!files.length) return
      event.preventDefault()
      takeRef.current(files)
    }
    window.addEventListener('paste', onPaste)
    return () => window.removeEventListener('paste', onPaste)
  }, [])
  useEffect(() => {
    if (autoFocus) textRef.current?.focus()
  }, [autoFocus])

  const press = () => {
    if (pending) return
    if (ready) onSend()
    else onBlocked()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      press()
    }
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    take(Array.from(event.dataTransfer.files))
  }
  const shown = fileProblem ?? message
  const reusable = previous.filter((p) => p.previewUrl !== image?.previewUrl).slice(0, 8)

  return (
    <div className="flex flex-col gap-2">
      {shown && (
        <p
          id={messageId}
          role="alert"
          data-testid="composer-message"
          className="flex flex-wrap items-center gap-x-2 px-1 text-[13px] text-danger"
        >
          {shown}
          {!fileProblem && messageAction}
        </p>
      )}
      {note && <div className="px-1">{note}</div>}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the attach buttons are the keyboard way in */}
      <div
        onDragOver={(e) => {
          if (!Array.from(e.dataTransfer.types).includes('Files')) return
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'rounded-2xl border bg-surface p-2 shadow-card transition-colors focus-within:border-accent/60',
          over ? 'border-accent bg-accent-soft/40' : 'border-border-strong',
        )}
        data-testid="composer"
      >
        {(image || reusable.length > 0) && (
          <div className="flex items-center gap-2 overflow-x-auto px-1 pt-1 pb-2">
            {image && (
              <div className="relative shrink-0" data-testid="selected-image">
                <img
                  src={image.previewUrl}
                  alt={t('chat:composer.selected')}
                  className="size-14 rounded-lg border border-accent object-cover"
                />
                <button
                  type="button"
                  onClick={() => onImageChange(null)}
                  aria-label={t('chat:composer.removeImage')}
                  className="absolute -end-1.5 -top-1.5 grid size-5 place-items-center rounded-full border border-border bg-surface text-fg-muted shadow-card hover:text-danger"
                >
                  <X className="size-3" aria-hidden />
                </button>
              </div>
            )}
            {reusable.length > 0 && (
              <>
                <span className="shrink-0 ps-1 text-[11px] text-fg-subtle">{t('chat:composer.reuse')}</span>
                {reusable.map((p, i) => (
                  <button
                    key={p.previewUrl}
                    type="button"
                    onClick={() => onImageChange(p)}
                    aria-label={t('chat:composer.reuseN', { n: i + 1 })}
                    data-testid="reuse-image"
                    className="size-10 shrink-0 overflow-hidden rounded-md border border-border opacity-80 transition hover:border-accent hover:opacity-100"
                  >
                    <img src={p.previewUrl} alt="" className="size-full object-cover" />
                  </button>
                ))}
              </>
            )}
          </div>
        )}
        <label htmlFor={promptId} className="sr-only">
          {t('chat:composer.label')}
        </label>
        <textarea
          ref={textRef}
          id={promptId}
          rows={2}
          value={prompt}
          maxLength={TEXT_LIMITS.prompt}
          onChange={(e) => onPromptChange(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={image ? t('chat:composer.placeholderImage') : t('chat:composer.placeholder')}
          aria-describedby={shown ? messageId : undefined}
          className="block max-h-48 min-h-12 w-full resize-none bg-transparent px-2.5 py-2 text-[15px] leading-relaxed text-fg placeholder:text-fg-subtle focus-visible:outline-none"
          style={{ fieldSizing: 'content' } as CSSProperties}
          data-testid="prompt"
        />
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="attach-file"
          onChange={(e) => {
            take(Array.from(e.target.files ?? []))
            e.target.value = ''
          }}
        />
        <div className="flex items-center gap-1 px-1 pt-1">
          <button
            type="button"
            onClick={() => fileRef.current?.click()}
            className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-[13px] font-medium text-fg-muted hover:bg-surface-2 hover:text-fg"
            data-testid="attach-computer"
          >
            <Paperclip className="size-4" aria-hidden />
            <span className="hidden sm:inline">{t('chat:composer.fromComputer')}</span>
            <span className="sr-only sm:hidden">{t('chat:composer.fromComputer')}</span>
          </button>
          <button
            type="button"
            onClick={onOpenGallery}
            className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-[13px] font-medium text-fg-muted hover:bg-surface-2 hover:text-fg"
            data-testid="attach-gallery"
          >
            <Images className="size-4" aria-hidden />
            <span className="hidden sm:inline">{t('chat:composer.fromGallery')}</span>
            <span className="sr-only sm:hidden">{t('chat:composer.fromGallery')}</span>
          </button>
          <span className="ms-auto" />
          {options}
          <span className="me-1 text-[11px] text-fg-subtle tabular-nums" data-testid="composer-cost">
            {cost}
          </span>
          <button
            type="button"
            onClick={press}
            aria-label={t('chat:composer.send')}
            aria-disabled={!ready || pending || undefined}
            aria-describedby={shown ? messageId : undefined}
            data-testid="send"
            className={cn(
              'grid size-9 place-items-center rounded-xl bg-accent text-accent-fg transition-opacity',
              (!ready || pending) && 'opacity-45',
            )}
          >
            {pending ? (
              <Spinner className="size-4 text-current" />
            ) : (
              <ArrowUp className="size-4" aria-hidden />
            )}
          </button>
        </div>
      </div>
    </div>
  )
}
