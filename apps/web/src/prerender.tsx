// Build-time rendering of the landing page as an English, signed-out, light-theme visitor first sees it
// (scripts/build-web.mjs writes it into dist/landing.html). The server sends that page at / to visitors without
// a session, so the hero paints with the HTML instead of after the scripts, the session check and the texts
// (Lighthouse on a slow phone: first paint 2.2 s → about 1 s). It is never hydrated: the app renders into
// #root as usual and removes the copy when its own landing page is in place (app/prerendered.ts), and the
// script in index.html removes it first for a visitor whose language is not English.
import i18next from 'i18next'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { PublicLayout } from './app/PublicLayout'
import type { RouteHandle } from './app/routes'
import { AuthDialogProvider } from './features/auth/AuthDialogContext'
import { setSignedOut } from './features/auth/session'
import { LandingPage } from './features/landing/LandingPage'
import en from './locales/en.json'

export async function renderLanding(): Promise<string> {
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  setSignedOut()
  const handle: RouteHandle = { title: 'nav.home' }
  const handler = createStaticHandler([
    {
      path: '/',
      handle,
      element: (
        <AuthDialogProvider>
          <PublicLayout>
            <LandingPage />
          </PublicLayout>
        </AuthDialogProvider>
      ),
    },
  ])
  const context = await handler.query(new Request('http://localhost/'))
  if (context instanceof Response) throw new Error(`the landing route answered ${context.status}`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
  )
}
