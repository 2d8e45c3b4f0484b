import { CalendarClock, CreditCard, ExternalLink } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog'
import { Spinner } from '../../../components/ui/Spinner'
import type { SubscriptionView } from '../subscription'
import { Pill } from './Pill'
import { PLAN_LABEL } from './PlanCard'

interface SubscriptionPanelProps {
  view: SubscriptionView
  onPortal: () => void
  portalBusy: boolean
  onCancel: () => Promise<unknown>
  cancelBusy: boolean
}

export const formatDate = (date: Date, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(date)

/**
 * The user's subscription (docs/product.md#subscription-states): plan and period, the renewal or end date,
 * the billing portal, and Cancel, which asks first and is gone once cancelled (a 'Cancels at period end'
 * badge instead).
 */
export function SubscriptionPanel({
  view,
  onPortal,
  portalBusy,
  onCancel,
  cancelBusy,
}: SubscriptionPanelProps) {
  const { t, i18n } = useTranslation(['pricing', 'app'])
  const lang = i18n.resolvedLanguage ?? 'en'
  const [confirming, setConfirming] = useState(false)
  if (view.state === 'none' || !view.plan) return null
  const plan = PLAN_LABEL[view.plan]
  const date = view.endDate ? formatDate(view.endDate, lang) : null
  const status =
    view.state === 'past_due'
      ? t('pricing:subscription.pastDue')
      : view.state === 'cancelling'
        ? date
          ? t('pricing:subscription.endsOn', { date })
          : t('pricing:subscription.endsAtPeriodEnd')
        : date
          ? t('pricing:subscription.renews', { date })
          : null
  return (
    <section
      aria-labelledby="subscription-heading"
      data-testid="subscription-panel"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg">
          <CreditCard className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h3 id="subscription-heading" className="text-xs font-medium text-fg-muted">
            {t('pricing:subscription.heading')}
          </h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-base font-semibold text-fg">
            <span data-testid="subscription-plan">{plan}</span>
            <span className="text-sm font-normal text-fg-muted">
              ·{' '}
              {t(
                view.billingType === 'yearly'
                  ? 'pricing:subscription.billedYearly'
                  : 'pricing:subscription.billedMonthly',
              )}
            </span>
            {view.state === 'cancelling' && (
              <Pill tone="amber">
                <span data-testid="cancels-badge">{t('pricing:subscription.cancelsBadge')}</span>
              </Pill>
            )}
          </p>
          {status && (
            <p
              className="mt-1 flex items-center gap-1.5 text-[13px] text-fg-muted"
              data-testid="subscription-status"
            >
              <CalendarClock className="size-3.5 shrink-0" aria-hidden />
              {status}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Button variant="outline" onClick={onPortal} disabled={portalBusy} data-testid="open-portal">
          {portalBusy ? <Spinner className="size-4" /> : <ExternalLink aria-hidden />}
          {t('pricing:subscription.manage')}
        </Button>
        {view.state !== 'cancelling' && (
          <Button variant="ghost" onClick={() => setConfirming(true)} data-testid="cancel-subscription">
            <span className="text-danger">{t('pricing:subscription.cancel')}</span>
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('pricing:subscription.confirmTitle', { plan })}
        description={
          date
            ? t('pricing:subscription.confirmBody', { plan, date })
            : t('pricing:subscription.confirmBodyNoDate', { plan })
        }
        confirmLabel={t('pricing:subscription.confirm')}
        cancelLabel={t('pricing:subscription.keep')}
        pending={cancelBusy}
        onConfirm={() => void onCancel().finally(() => setConfirming(false))}
      />
    </section>
  )
}
