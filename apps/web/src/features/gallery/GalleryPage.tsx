import { Images } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ToolComingSoon } from '../jobs/ToolComingSoon'

export default function GalleryPage() {
  const { t } = useTranslation()
  return <ToolComingSoon icon={Images} heading={t('pages.gallery.heading')} body={t('pages.gallery.body')} />
}
