import { TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { Spinner } from '../../../components/ui/Spinner'
import type { SubscriptionView } from '../subscription'
import { PLAN_LABEL } from './PlanCard'
import { formatDate } from './SubscriptionPanel'

interface CancelledBannerProps {
  view: SubscriptionView
  onPortal: () => void
  portalBusy: boolean
  /** undo the cancel, when the subscription is known */
  onResume: (() => void) | null
  resumeBusy: boolean
}

/**
 * docs/product.md#cancelled-banner: the amber banner of a cancelled subscription with auto-renew off: the end
 * date, the portal.
 */
export function CancelledBanner({ view, onPortal, portalBusy, onResume, resumeBusy }: CancelledBannerProps) {
  const { t, i18n } = useTranslation('pricing')
  if (view.state !== 'cancelling' || view.autoRenewal || !view.plan) return null
  const plan = PLAN_LABEL[view.plan]
  const lang = i18n.resolvedLanguage ?? 'en'
  return (
    <div
      role="status"
      data-testid="cancelled-banner"
      className="flex flex-col gap-3 rounded-2xl border border-amber-500/40 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:bg-amber-500/10 dark:text-amber-100"
    >
      <p className="flex items-start gap-2.5 text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300" aria-hidden />
        <span>
          {view.endDate
            ? t('banner.withDate', { plan, date: formatDate(view.endDate, lang) })
            : t('banner.noDate', { plan })}
        </span>
      </p>
      <div className="flex shrink-0 flex-wrap gap-2">
        {onResume && (
          <Button size="sm" onClick={onResume} disabled={resumeBusy} data-testid="resume-subscription">
            {resumeBusy && <Spinner className="size-3.5 text-current" />}
            {t('subscription.resume')}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          className="border-amber-500/50 bg-transparent text-amber-950 hover:bg-amber-100 dark:text-amber-100 dark:hover:bg-amber-500/15"
          onClick={onPortal}
          disabled={portalBusy}
          data-testid="banner-portal"
        >
          {t('banner.portal')}
        </Button>
      </div>
    </div>
  )
}
