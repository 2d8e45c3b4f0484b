import { STAGING_COST } from '@parti/contract'
import { Sofa } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ToolComingSoon } from '../jobs/ToolComingSoon'

export default function StagingPage() {
  const { t } = useTranslation()
  return (
    <ToolComingSoon
      icon={Sofa}
      beta
      heading={t('pages.staging.heading')}
      body={t('pages.staging.body')}
      points={[t('pages.staging.point1'), t('pages.staging.point2'), t('pages.staging.point3')]}
      cost={t('pages.staging.cost', { credits: STAGING_COST })}
    />
  )
}
