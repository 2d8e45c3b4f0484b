import { LOW_CREDIT_THRESHOLD } from '@parti/contract'
import { Coins } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/Button'
import { cn } from '../../components/ui/cn'

/**
 * Balance with thousands separators in the UI language; red under 100 (docs/product.md#low-credit); Buy goes
 * to pricing.
 */
export function CreditBalance({ credits }: { credits: number }) {
  const { t, i18n } = useTranslation()
  const low = credits < LOW_CREDIT_THRESHOLD
  const formatted = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en').format(credits)
  return (
    <div className="flex items-center gap-1.5">
      <span
        data-testid="credit-balance"
        data-low={low || undefined}
        title={low ? t('shell.lowCredits') : undefined}
        className={cn(
          'inline-flex h-8 items-center gap-1.5 rounded-full border px-2.5 text-[13px] font-semibold tabular-nums sm:px-3',
          low
            ? 'border-danger/30 bg-danger-soft text-danger'
            : 'border-border bg-surface text-fg shadow-card',
        )}
      >
        <Coins className="hidden size-3.5 opacity-80 min-[420px]:block" aria-hidden />
        <span className="sr-only">{t('shell.creditsLabel')}: </span>
        {formatted}
        <span className="hidden text-fg-muted font-medium xl:inline">{t('shell.credits')}</span>
        {low && <span className="sr-only">({t('shell.lowCredits')})</span>}
      </span>
      <Link to="/pricing" className={buttonClass('primary', 'sm', 'h-8 rounded-full px-3 sm:px-3.5')}>
        {t('shell.buy')}
      </Link>
    </div>
  )
}
