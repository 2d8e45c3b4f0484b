import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useMatches } from 'react-router'
import { Spinner } from '../components/ui/Spinner'
import { readStored } from '../lib/storage'
import { PublicHeader } from './PublicHeader'
import { titleOf } from './routes'
import { SiteFooter } from './SiteFooter'

// Loaded only for visitors who have not chosen yet, after the page itself.
const CookieConsentCard = lazy(() =>
  import('../features/consent/CookieConsentCard').then((m) => ({ default: m.CookieConsentCard })),
)

/**
 * The public pages' frame (docs/product.md#public-layout): header, content, footer and the cookie-consent
 * card.
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  const matches = useMatches()
  const title = titleOf(matches)
  const [askConsent] = useState(() => readStored('cookieConsent') === null)
  const isHome = matches.some((m) => m.pathname === '/' && m.id === matches[matches.length - 1]?.id)

  useEffect(() => {
    document.title = isHome || !title ? t('meta.homeTitle') : `${t(title)} · Parti`
  }, [isHome, title, t])

  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t('common.skipToContent')}
      </a>
      <PublicHeader />
      <main id="main" className="flex-1">
        <Suspense
          fallback={
            <div className="grid min-h-[50vh] place-items-center">
              <Spinner label={t('common.loading')} />
            </div>
          }
        >
          {children ?? <Outlet />}
        </Suspense>
      </main>
      <SiteFooter />
      {askConsent && (
        <Suspense fallback={null}>
          <CookieConsentCard />
        </Suspense>
      )}
    </div>
  )
}
