import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { type ReactNode, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { cn } from '../components/ui/cn'
import { Spinner } from '../components/ui/Spinner'
import { useLanguageSync } from '../features/account/useLanguageSync'
import { useSession } from '../features/auth/session'
import { LiveJobs } from '../features/jobs/LiveJobs'
import { AdvancedToggle } from '../features/preferences/AdvancedToggle'
import { QueryProvider } from '../lib/queryClient'
import { titleOf } from './routes'
import { SiteFooter } from './SiteFooter'
import { SidebarNav } from './shell/SidebarNav'
import { useSidebarState } from './shell/sidebarState'
import { TopBar } from './shell/TopBar'
import { signOutAndForget } from './signOut'

/**
 * The signed-in shell (docs/product.md#app-shell): collapsible sidebar with a mobile drawer, top bar,
 * content, footer.
 */
export default function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const [sidebar, toggleSidebar] = useSidebarState()
  useLanguageSync()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const navigate = useNavigate()
  const location = useLocation()
  const titleKey = titleOf(useMatches()) ?? 'nav.home'
  const title = t(titleKey)
  const isHome = location.pathname === '/'

  useEffect(() => {
    document.title = `${title} · Parti`
  }, [title])

  if (!user) return null
  const collapsed = sidebar === 'collapsed'

  const handleSignOut = () => {
    setDrawerOpen(false)
    signOutAndForget()
      .then(() => toast.success(t('auth.toastSignedOut')))
      .catch(() => {})
      .finally(() => navigate('/', { replace: true }))
  }

  return (
    <QueryProvider>
      <LiveJobs />
      <div className="flex min-h-dvh bg-bg">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
        >
          {t('common.skipToContent')}
        </a>
        <aside
          data-testid="sidebar"
          data-state={sidebar}
          className={cn(
            'sticky top-0 hidden h-dvh shrink-0 border-e border-border bg-surface transition-[width] duration-200 lg:block',
            collapsed ? 'w-16' : 'w-64',
          )}
        >
          <SidebarNav
            user={user}
            collapsed={collapsed}
            onToggleCollapsed={toggleSidebar}
            onSignOut={handleSignOut}
          />
        </aside>

        <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="animate-fade-in fixed inset-0 z-40 bg-black/40 lg:hidden" />
            <Dialog.Content
              data-testid="mobile-drawer"
              className="animate-drawer fixed inset-y-0 start-0 z-50 w-[min(18rem,85vw)] border-e border-border bg-surface shadow-pop outline-none lg:hidden"
            >
              <Dialog.Title className="sr-only">{t('shell.navLabel')}</Dialog.Title>
              <Dialog.Description className="sr-only">{t('shell.drawerDescription')}</Dialog.Description>
              <SidebarNav
                user={user}
                collapsed={false}
                onSignOut={handleSignOut}
                onNavigate={() => setDrawerOpen(false)}
                extra={
                  // on phones the top bar has no room for it
                  <div className="shrink-0 px-2 pb-2 sm:hidden">
                    <AdvancedToggle labelled className="flex w-full" />
                  </div>
                }
              />
              <Dialog.Close
                aria-label={t('common.close')}
                className="absolute end-3 top-3 grid size-8 place-items-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-fg"
              >
                <X className="size-4" aria-hidden />
              </Dialog.Close>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>

        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar title={title} user={user} onOpenDrawer={() => setDrawerOpen(true)} />
          <main id="main" className="flex flex-1 flex-col">
            <Suspense
              fallback={
                <div className="grid flex-1 place-items-center py-24">
                  <Spinner label={t('common.loading')} />
                </div>
              }
            >
              {children ?? <Outlet />}
            </Suspense>
          </main>
          {/* docs/product.md#footer: the signed-in home has no footer */}
          {!isHome && <SiteFooter compact />}
        </div>
      </div>
    </QueryProvider>
  )
}
