import { CreditCard } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ToolComingSoon } from '../jobs/ToolComingSoon'

export default function PricingPage() {
  const { t } = useTranslation()
  return (
    <ToolComingSoon
      icon={CreditCard}
      heading={t('pages.pricing.heading')}
      body={t('pages.pricing.body')}
      points={[t('pages.pricing.point1'), t('pages.pricing.point2'), t('pages.pricing.point3')]}
    />
  )
}
