import { CircleCheck, Clock, Info, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../../components/ui/cn'
import { Spinner } from '../../../components/ui/Spinner'
import type { CheckoutOutcome } from '../hooks/useCheckoutReturn'
import { formatCount } from '../money'
import { PLAN_LABEL } from './PlanCard'

/**
 * Payment return (docs/product.md#payment-return): paid is a success (subscription created, or credits
 * added); else still processing.
 */
export function CheckoutResult({
  outcome,
  onDismiss,
}: {
  outcome: CheckoutOutcome | null
  onDismiss: () => void
}) {
  const { t, i18n } = useTranslation(['pricing', 'app'])
  if (!outcome) return null
  const lang = i18n.resolvedLanguage ?? 'en'
  let tone: 'success' | 'info' | 'warning' = 'info'
  let text: string
  let icon = <Info className="size-5 shrink-0" aria-hidden />
  switch (outcome.status) {
    case 'checking':
      text = t('pricing:result.checking')
      icon = <Spinner className="size-5 shrink-0" />
      break
    case 'paid': {
      tone = 'success'
      icon = <CircleCheck className="size-5 shrink-0" aria-hidden />
      const plan = outcome.session.plan ? PLAN_LABEL[outcome.session.plan] : ''
      text = outcome.oneTime
        ? t('pricing:result.paidCredits', { credits: formatCount(outcome.session.credits, lang) })
        : t('pricing:result.paidSubscription', { plan })
      break
    }
    case 'processing':
      icon = <Clock className="size-5 shrink-0" aria-hidden />
      text = t('pricing:result.processing')
      break
    case 'cancelled':
      tone = 'warning'
      text = t('app:messages.payments.paymentCancelled')
      break
    default:
      tone = 'warning'
      text = t('app:messages.payments.verifyFailed')
  }
  return (
    <div
      role={tone === 'warning' && outcome.status === 'error' ? 'alert' : 'status'}
      data-testid="checkout-result"
      data-status={outcome.status}
      className={cn(
        'flex items-start gap-3 rounded-2xl border p-4 text-sm',
        tone === 'success' && 'border-success/30 bg-success/10 text-fg',
        tone === 'info' && 'border-accent/30 bg-accent-soft text-accent-soft-fg',
        tone === 'warning' && 'border-border-strong bg-surface-2 text-fg',
      )}
    >
      <span className={cn(tone === 'success' && 'text-success')}>{icon}</span>
      <p className="flex-1 pt-0.5" data-testid="checkout-result-text">
        {text}
      </p>
      {outcome.status !== 'checking' && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('pricing:result.dismiss')}
          className="grid size-7 shrink-0 place-items-center rounded-lg text-fg-muted hover:bg-surface-3 hover:text-fg"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  )
}
