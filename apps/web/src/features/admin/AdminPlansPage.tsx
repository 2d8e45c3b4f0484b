import { ListChecks } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ToolComingSoon } from '../jobs/ToolComingSoon'
import { RequireAdmin } from './RequireAdmin'

export default function AdminPlansPage() {
  const { t } = useTranslation()
  return (
    <RequireAdmin>
      <ToolComingSoon
        icon={ListChecks}
        heading={t('pages.adminPlans.heading')}
        body={t('pages.adminPlans.body')}
      />
    </RequireAdmin>
  )
}
