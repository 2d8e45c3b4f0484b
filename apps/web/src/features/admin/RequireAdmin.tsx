import { ShieldAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/Button'
import { EmptyState } from '../../components/ui/EmptyState'
import { Page } from '../../components/ui/Page'
import { useSession } from '../auth/session'

/**
 * docs/decisions/0011-admin-role-on-the-server.md: admin pages are for the admin role; everyone else sees a
 * 403 page (the server enforces it too).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { user } = useSession()
  if (user?.role === 'admin') return children
  return (
    <Page className="flex items-center">
      <EmptyState
        icon={ShieldAlert}
        title={t('pages.forbidden.heading')}
        body={t('pages.forbidden.body')}
        badge={<span className="font-mono text-xs text-fg-subtle">403</span>}
      >
        <Link to="/" className={buttonClass('outline', 'md', 'mt-8')}>
          {t('pages.backToAskParti')}
        </Link>
      </EmptyState>
    </Page>
  )
}
