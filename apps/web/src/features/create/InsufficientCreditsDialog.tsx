import { Coins } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, buttonClass } from '../../components/ui/Button'
import { Dialog } from '../../components/ui/Dialog'

/**
 * Which wording of docs/product.md#errors-insufficient-credits the dialog uses: the plain one, or the variant
 * for inpainting, magic edit, animate or video.
 */
export type InsufficientVariant = 'default' | 'inpaint' | 'magicEdit' | 'animate' | 'video'

export interface InsufficientCreditsDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** credits the job needs */
  required: number
  /** credits the user has */
  available: number
  variant?: InsufficientVariant
}

const MESSAGE = {
  default: 'messages.generation.insufficientCredits',
  inpaint: 'messages.generation.insufficientInpaint',
  magicEdit: 'messages.generation.insufficientMagicEdit',
  animate: 'messages.generation.insufficientAnimate',
  video: 'messages.generation.insufficientVideo',
} as const

/**
 * The insufficient-credits dialog (HTTP 402, docs/product.md#api-errors; 'You need {{required}} credits.
 * Please purchase more credits.' and its variants, docs/product.md#errors-insufficient-credits): says what
 * the job needs and what the user has, and links to /pricing. `useStartJob()` returns ready-made props for it
 * (`insufficientDialog`), so a screen renders `<InsufficientCreditsDialog {...job.insufficientDialog} />`
 * once.
 */
export function InsufficientCreditsDialog({
  open,
  onOpenChange,
  required,
  available,
  variant = 'default',
}: InsufficientCreditsDialogProps) {
  const { t, i18n } = useTranslation(['create', 'app'])
  const format = (n: number) => new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en').format(n)
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('create:insufficient.title')}
      description={t(`app:${MESSAGE[variant]}`, { required: format(required) })}
      closeLabel={t('create:common.close')}
    >
      <div data-testid="insufficient-credits-dialog" className="flex flex-col gap-5">
        <div className="flex items-center gap-3 rounded-xl border border-border bg-surface-2 px-4 py-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-danger-soft text-danger">
            <Coins className="size-4" aria-hidden />
          </span>
          <div className="min-w-0 text-sm">
            <p className="font-medium text-fg tabular-nums">
              {t('create:insufficient.balance', { available: format(available) })}
            </p>
            <p className="text-fg-muted">{t('create:insufficient.neverExpire')}</p>
          </div>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('create:insufficient.notNow')}
          </Button>
          <Link to="/pricing" className={buttonClass('primary', 'md')} onClick={() => onOpenChange(false)}>
            {t('create:insufficient.buy')}
          </Link>
        </div>
      </div>
    </Dialog>
  )
}
