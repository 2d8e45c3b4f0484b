import { AlertDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { buttonClass } from './Button'
import { cn } from './cn'
import { Spinner } from './Spinner'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  confirmLabel: string
  cancelLabel: string
  /** runs on confirm; the dialog stays open (and the button busy) until the caller closes it */
  onConfirm: () => void
  pending?: boolean
  tone?: 'danger' | 'primary'
  /** a picture of what is about to go, e.g. the thumbnail being deleted */
  preview?: ReactNode
}

/**
 * A yes/no question before something permanent (docs/product.md#confirmations: delete an image, a video, a
 * conversation, clear all messages). Focus starts on Cancel, Escape and the overlay cancel, and the action
 * button says what it does.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  tone = 'danger',
  preview,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade-in fixed inset-0 z-[60] bg-black/45 backdrop-blur-[2px]" />
        <AlertDialog.Content
          data-testid="confirm-dialog"
          className={cn(
            'animate-pop-in fixed start-1/2 top-1/2 z-[60] w-[calc(100vw-2rem)] max-w-sm -translate-y-1/2',
            'rounded-2xl border border-border bg-surface p-5 shadow-pop ltr:-translate-x-1/2 rtl:translate-x-1/2',
          )}
        >
          <div className="flex items-start gap-4">
            {preview && <div className="shrink-0">{preview}</div>}
            <div className="min-w-0">
              <AlertDialog.Title className="text-base font-semibold tracking-tight text-fg">
                {title}
              </AlertDialog.Title>
              {description ? (
                <AlertDialog.Description className="mt-1.5 text-sm text-fg-muted">
                  {description}
                </AlertDialog.Description>
              ) : (
                <AlertDialog.Description className="sr-only">{title}</AlertDialog.Description>
              )}
            </div>
          </div>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('outline', 'md')} disabled={pending}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClass(tone === 'danger' ? 'danger' : 'primary', 'md')}
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={onConfirm}
            >
              {pending && <Spinner className="size-4 text-current" />}
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
