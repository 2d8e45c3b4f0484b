import { lazy } from 'react'
import { createBrowserRouter, Navigate, useLocation } from 'react-router'
import { useSession } from '../features/auth/session'
import { LandingPage } from '../features/landing/LandingPage'
import { nextPath } from './nextPath'
import { PublicLayout } from './PublicLayout'
import { RequireAuth } from './RequireAuth'
import { RootLayout } from './RootLayout'
import type { RouteHandle } from './routes'

// Everything behind sign-in is loaded on demand so the landing page's first load stays small.
const AppLayout = lazy(() => import('./AppLayout'))
const AskPartiPage = lazy(() => import('../features/chat-edit/AskPartiPage'))
const SketchPage = lazy(() => import('../features/sketch/SketchPage'))
const StagingPage = lazy(() => import('../features/staging/StagingPage'))
const PrepPage = lazy(() => import('../features/prep/PrepPage'))
const PrivacyBlurPage = lazy(() => import('../features/prep/renovate/PrivacyBlurPage'))
const RepaintPage = lazy(() => import('../features/prep/renovate/RepaintPage'))
const VideoPage = lazy(() => import('../features/video/VideoPage'))
const GalleryPage = lazy(() => import('../features/gallery/GalleryPage'))
const ProjectsPage = lazy(() => import('../features/projects/ProjectsPage'))
const ProjectPage = lazy(() => import('../features/projects/ProjectPage'))
const PricingPage = lazy(() => import('../features/pricing/PricingPage'))
const AdminStylesPage = lazy(() => import('../features/admin/AdminStylesPage'))
const AdminPlansPage = lazy(() => import('../features/admin/AdminPlansPage'))
const AdminOutboxPage = lazy(() => import('../features/admin/AdminOutboxPage'))
const AdminEnginesPage = lazy(() => import('../features/admin/AdminEnginesPage'))
const AdminInboxPage = lazy(() => import('../features/admin/AdminInboxPage'))
const AdminBoardsPage = lazy(() => import('../features/admin/AdminBoardsPage'))
const AccountPage = lazy(() => import('../features/account/AccountPage'))
const ResetPasswordPage = lazy(() =>
  import('../features/account/LinkPages').then((m) => ({ default: m.ResetPasswordPage })),
)
const VerifyEmailPage = lazy(() =>
  import('../features/account/LinkPages').then((m) => ({ default: m.VerifyEmailPage })),
)
const ConfirmEmailPage = lazy(() =>
  import('../features/account/LinkPages').then((m) => ({ default: m.ConfirmEmailPage })),
)
const ApiPage = lazy(() => import('../features/developers/ApiPage'))
const CreditsPage = lazy(() => import('../features/credits/CreditsPage'))
const SupportPage = lazy(() => import('../features/support/SupportPage'))
const ContactPage = lazy(() => import('../features/contact/ContactPage'))
const VerifyPage = lazy(() => import('../features/verify/VerifyPage'))
const TermsPage = lazy(() => import('../features/legal/TermsPage'))
const PrivacyPage = lazy(() => import('../features/legal/PrivacyPage'))
const ProductPage = lazy(() => import('../features/product/ProductPage'))
const TourPage = lazy(() => import('../features/tour/TourPage'))

/** docs/product.md#routes: / is the Ask Parti page when signed in and the landing page when signed out. */
function HomeRoute() {
  const { status } = useSession()
  const { search } = useLocation()
  const next = nextPath(search)
  if (status === 'signed-in' && next) return <Navigate to={next} replace />
  if (status === 'signed-in') {
    return (
      <AppLayout>
        <AskPartiPage />
      </AppLayout>
    )
  }
  return (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  )
}

/** docs/product.md#support: Support is in the signed-in sidebar, so a signed-in user keeps the app shell. */
function SupportRoute() {
  const { status } = useSession()
  if (status === 'signed-in') {
    return (
      <AppLayout>
        <SupportPage />
      </AppLayout>
    )
  }
  return (
    <PublicLayout>
      <SupportPage />
    </PublicLayout>
  )
}

const handle = (title: RouteHandle['title']): RouteHandle => ({ title })

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomeRoute />, handle: handle('nav.home') },
      { path: 'support', element: <SupportRoute />, handle: handle('nav.support') },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { path: 'sketch', element: <SketchPage />, handle: handle('nav.sketch') },
          { path: 'staging', element: <StagingPage />, handle: handle('nav.staging') },
          { path: 'prep', element: <PrepPage />, handle: handle('nav.prep') },
          { path: 'prep/privacy', element: <PrivacyBlurPage />, handle: handle('nav.privacy') },
          { path: 'prep/repaint', element: <RepaintPage />, handle: handle('nav.repaint') },
          { path: 'video', element: <VideoPage />, handle: handle('nav.video') },
          { path: 'gallery', element: <GalleryPage />, handle: handle('nav.gallery') },
          { path: 'projects', element: <ProjectsPage />, handle: handle('nav.projects') },
          { path: 'projects/:id', element: <ProjectPage />, handle: handle('nav.projects') },
          { path: 'pricing', element: <PricingPage />, handle: handle('nav.pricing') },
          { path: 'developers', element: <ApiPage />, handle: handle('nav.api') },
          { path: 'credits', element: <CreditsPage />, handle: handle('nav.credits') },
          { path: 'account', element: <AccountPage />, handle: handle('pages.account.title') },
          { path: 'admin', element: <AdminStylesPage />, handle: handle('nav.admin') },
          { path: 'admin/plans', element: <AdminPlansPage />, handle: handle('pages.adminPlans.title') },
          { path: 'admin/inbox', element: <AdminInboxPage />, handle: handle('pages.adminInbox.title') },
          { path: 'admin/boards', element: <AdminBoardsPage />, handle: handle('pages.adminBoards.title') },
          { path: 'admin/outbox', element: <AdminOutboxPage />, handle: handle('pages.adminOutbox.title') },
          {
            path: 'admin/engines',
            element: <AdminEnginesPage />,
            handle: handle('pages.adminEngines.title'),
          },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          { path: 'contact', element: <ContactPage />, handle: handle('pages.contact.title') },
          { path: 'terms', element: <TermsPage />, handle: handle('pages.terms.title') },
          { path: 'privacy', element: <PrivacyPage />, handle: handle('pages.privacy.title') },
          { path: 'product', element: <ProductPage />, handle: handle('pages.product.title') },
          { path: 'tour', element: <TourPage />, handle: handle('pages.tour.title') },
          // Content Credentials of any file, for anyone (docs/decisions/0113-c2pa-signing-at-download.md)
          { path: 'verify', element: <VerifyPage />, handle: handle('pages.verify.title') },
          // the pages a mailed link opens (docs/product.md#account), signed in or not
          {
            path: 'reset-password',
            element: <ResetPasswordPage />,
            handle: handle('pages.resetPassword.title'),
          },
          { path: 'verify-email', element: <VerifyEmailPage />, handle: handle('pages.verifyEmail.title') },
          {
            path: 'confirm-email',
            element: <ConfirmEmailPage />,
            handle: handle('pages.confirmEmail.title'),
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
])
