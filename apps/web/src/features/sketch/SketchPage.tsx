import { COSTS } from '@parti/contract'
import { PencilRuler } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ToolComingSoon } from '../jobs/ToolComingSoon'

export default function SketchPage() {
  const { t } = useTranslation()
  return (
    <ToolComingSoon
      icon={PencilRuler}
      beta
      heading={t('pages.sketch.heading')}
      body={t('pages.sketch.body')}
      points={[t('pages.sketch.point1'), t('pages.sketch.point2'), t('pages.sketch.point3')]}
      cost={t('pages.sketch.cost', { credits: COSTS.image, perAngle: COSTS.perAngle })}
    />
  )
}
