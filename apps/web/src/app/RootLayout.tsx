import { Suspense, useLayoutEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { Button } from '../components/ui/Button'
import { AuthDialogProvider } from '../features/auth/AuthDialogContext'
import { SignInRedirectNotice } from '../features/auth/SignInRedirectNotice'
import { useSession } from '../features/auth/session'
import { FullScreenLoader } from './FullScreenLoader'
import { removePrerendered } from './prerendered'

/**
 * Waits for the session (docs/product.md#route-access: full-screen loading while auth and profile load), then
 * renders the route.
 */
export function RootLayout() {
  const { status, retry } = useSession()
  const { pathname } = useLocation()
  // the landing page's build-time copy gives way to the real one (Hero); anything else replaces it here
  const landing = status === 'loading' || (status === 'signed-out' && pathname === '/')
  useLayoutEffect(() => {
    if (!landing) removePrerendered()
  }, [landing])
  if (status === 'loading') return <FullScreenLoader />
  if (status === 'error') return <SessionError onRetry={retry} />
  // the sign-in dialog lives inside the router: it navigates and links
  return (
    <AuthDialogProvider>
      <ScrollRestoration />
      <SignInRedirectNotice />
      <Suspense fallback={<FullScreenLoader />}>
        <Outlet />
      </Suspense>
    </AuthDialogProvider>
  )
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <main className="grid min-h-dvh place-items-center bg-bg p-6">
      <div className="max-w-sm text-center">
        <h1 className="text-lg font-semibold text-fg">{t('errorDetails.loadUser')}</h1>
        <p className="mt-2 text-sm text-fg-muted">{t('errors.unavailable')}</p>
        <Button className="mt-6" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    </main>
  )
}
