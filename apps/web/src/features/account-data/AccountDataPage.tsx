import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Page } from '../../components/ui/Page'
import { DeleteSection } from './DeleteSection'
import { ExportSection } from './ExportSection'

/**
 * /account while it holds only the data rights' sections (docs/product.md#data-rights); the account page with
 * the profile's own sections renders ExportSection and DeleteSection among them.
 */
export default function AccountDataPage() {
  const { t } = useTranslation('account-data')
  return (
    <Page className="min-w-0">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{t('page.title')}</h1>
        <p className="mt-2 max-w-2xl text-[15px] leading-relaxed text-fg-muted">
          {t('page.lead')}{' '}
          <Link
            to="/privacy#your-data"
            className="font-medium text-accent underline-offset-2 hover:underline"
          >
            {t('page.privacyLink')}
          </Link>
        </p>
      </header>
      <div className="mt-8 flex max-w-3xl flex-col gap-6">
        <ExportSection />
        <DeleteSection />
      </div>
    </Page>
  )
}
