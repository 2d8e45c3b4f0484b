import { Coins, FlaskConical } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { Dialog } from '../../../components/ui/Dialog'
import { Spinner } from '../../../components/ui/Spinner'
import { creditsFor, formatCount, formatEur, normaliseAmount } from '../money'
import { AmountStepper } from './AmountStepper'

interface PurchaseDialogProps {
  /** the amount to start from (a tier), or null for the custom amount; undefined: closed */
  initial: number | null | undefined
  onClose: () => void
  onConfirm: (amount: number) => void
  busy: boolean
  testMode: boolean
}

/**
 * The purchase dialog (docs/product.md#a-la-carte): the amount, the credits it buys (× 200), then off to the
 * checkout.
 */
export function PurchaseDialog({ initial, onClose, onConfirm, busy, testMode }: PurchaseDialogProps) {
  const { t, i18n } = useTranslation('pricing')
  const lang = i18n.resolvedLanguage ?? 'en'
  const open = initial !== undefined
  const [draft, setDraft] = useState('5')
  useEffect(() => {
    if (initial !== undefined) setDraft(String(initial ?? 5))
  }, [initial])
  const amount = normaliseAmount(draft)
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={t('dialog.title')}
      description={t('dialog.description')}
      closeLabel={t('dialog.close')}
    >
      <form
        data-testid="purchase-dialog"
        onSubmit={(e) => {
          e.preventDefault()
          setDraft(String(amount))
          onConfirm(amount)
        }}
        className="flex flex-col gap-5"
      >
        <AmountStepper draft={draft} onDraftChange={setDraft} />
        <dl className="grid grid-cols-2 gap-3 rounded-xl bg-surface-2 p-4">
          <div>
            <dt className="text-xs text-fg-muted">{t('dialog.youGet')}</dt>
            <dd className="mt-0.5 flex items-center gap-1.5 text-lg font-semibold text-fg tabular-nums">
              <Coins className="size-4 text-accent" aria-hidden />
              <span data-testid="purchase-credits">
                {t('aLaCarte.credits', { credits: formatCount(creditsFor(amount), lang) })}
              </span>
            </dd>
          </div>
          <div className="text-end">
            <dt className="text-xs text-fg-muted">{t('dialog.total')}</dt>
            <dd className="mt-0.5 text-lg font-semibold text-fg tabular-nums" data-testid="purchase-total">
              {formatEur(amount * 100, lang)}
            </dd>
          </div>
        </dl>
        {testMode && (
          <p className="flex items-start gap-2 text-[13px] text-amber-800 dark:text-amber-200">
            <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('dialog.testNote')}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined} data-testid="purchase-continue">
            {busy && <Spinner className="size-4 text-current" />}
            {t('dialog.continue')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
