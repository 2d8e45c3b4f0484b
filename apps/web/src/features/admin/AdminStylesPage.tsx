import { Palette } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ToolComingSoon } from '../jobs/ToolComingSoon'
import { RequireAdmin } from './RequireAdmin'

export default function AdminStylesPage() {
  const { t } = useTranslation()
  return (
    <RequireAdmin>
      <ToolComingSoon icon={Palette} heading={t('pages.admin.heading')} body={t('pages.admin.body')} />
    </RequireAdmin>
  )
}
