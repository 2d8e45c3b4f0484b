import { COSTS } from '@parti/contract'
import { Clapperboard } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ToolComingSoon } from '../jobs/ToolComingSoon'

export default function VideoPage() {
  const { t } = useTranslation()
  return (
    <ToolComingSoon
      icon={Clapperboard}
      heading={t('pages.video.heading')}
      body={t('pages.video.body')}
      points={[t('pages.video.point1'), t('pages.video.point2'), t('pages.video.point3')]}
      cost={t('pages.video.cost', { short: COSTS.video[6], long: COSTS.video[10] })}
    />
  )
}
