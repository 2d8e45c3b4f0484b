import type { SubscriptionType } from '@parti/contract'
import { useTranslation } from 'react-i18next'
import { Segmented } from '../../../components/ui/Segmented'

export type PricingTab = SubscriptionType | 'a-la-carte'

const chip =
  'ms-1 hidden rounded-full bg-accent-soft px-1.5 py-px text-[10px] font-semibold text-accent-soft-fg sm:inline'

/** docs/product.md#pricing-page: Monthly (special offer), Yearly (20% off), À la carte. */
export function BillingToggle({
  value,
  onChange,
}: {
  value: PricingTab
  onChange: (tab: PricingTab) => void
}) {
  const { t } = useTranslation('pricing')
  const note =
    value === 'monthly' ? t('billing.specialOffer') : value === 'yearly' ? t('billing.yearlySave') : null
  return (
    <div className="flex flex-col items-center gap-1.5">
      <Segmented
        stretch
        className="w-full max-w-lg"
        label={t('billing.label')}
        value={value}
        onChange={onChange}
        options={[
          {
            value: 'monthly',
            label: (
              <>
                {t('billing.monthly')}
                <span className={chip}>{t('billing.specialOffer')}</span>
              </>
            ),
            testId: 'billing-monthly',
          },
          {
            value: 'yearly',
            label: (
              <>
                {t('billing.yearly')}
                <span className={chip}>{t('billing.yearlySave')}</span>
              </>
            ),
            testId: 'billing-yearly',
          },
          { value: 'a-la-carte', label: t('billing.aLaCarte'), testId: 'billing-a-la-carte' },
        ]}
      />
      {/* on a phone the chips do not fit in the segments: the chosen one's shows under them */}
      <p className="h-4 text-xs font-medium text-accent sm:hidden" aria-hidden>
        {note}
      </p>
    </div>
  )
}
