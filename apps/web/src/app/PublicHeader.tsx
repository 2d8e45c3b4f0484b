import { Menu, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation } from 'react-router'
import { Button, buttonClass } from '../components/ui/Button'
import { cn } from '../components/ui/cn'
import { useAuthDialog } from '../features/auth/AuthDialogContext'
import { useSession } from '../features/auth/session'
import { LanguagePicker } from '../features/preferences/LanguagePicker'
import { ThemeToggle } from '../features/preferences/ThemeToggle'
import { Wordmark } from './Logo'

const LINKS = [
  { to: '/', key: 'publicNav.home', end: true },
  { to: '/product', key: 'publicNav.product', end: false },
  { to: '/support', key: 'publicNav.support', end: false },
] as const

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-fg' : 'text-fg-muted hover:text-fg',
  )

/**
 * The public header (docs/product.md#public-header): Home, Product, Support, language, theme, Sign In; the
 * mobile menu adds Contact us.
 */
export function PublicHeader() {
  const { t } = useTranslation()
  const { openAuth } = useAuthDialog()
  const { status } = useSession()
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the page changes
  useEffect(() => setMenuOpen(false), [location.pathname])

  const signedIn = status === 'signed-in'
  const account = signedIn ? (
    <Link to="/" className={buttonClass('primary', 'sm')}>
      {t('publicNav.openApp')}
    </Link>
  ) : (
    <Button size="sm" onClick={() => openAuth('sign-in')} data-testid="header-sign-in">
      {t('publicNav.signIn')}
    </Button>
  )

  return (
    <header className="sticky top-0 z-30 border-b border-border/70 bg-bg/85 backdrop-blur-md supports-[backdrop-filter]:bg-bg/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-8">
        <Link to="/" className="me-4 rounded-lg" aria-label={t('publicNav.homeAria')}>
          <Wordmark />
        </Link>
        <nav aria-label={t('publicNav.label')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navLinkClass}>
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-1">
          <LanguagePicker />
          <ThemeToggle />
          <div className="ms-2 hidden md:block">{account}</div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls="public-mobile-menu"
            aria-label={menuOpen ? t('publicNav.closeMenu') : t('publicNav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>
      {menuOpen && (
        <nav
          id="public-mobile-menu"
          aria-label={t('publicNav.mobileLabel')}
          className="animate-fade-in border-t border-border bg-bg px-4 pt-2 pb-4 md:hidden"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setMenuOpen(false)
          }}
        >
          <ul className="flex flex-col">
            {[...LINKS, { to: '/contact', key: 'publicNav.contact', end: false } as const].map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-lg px-3 py-3 text-[15px] font-medium',
                      isActive ? 'text-fg' : 'text-fg-muted',
                    )
                  }
                >
                  {t(link.key)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-2 px-3 [&>*]:w-full">{account}</div>
        </nav>
      )}
    </header>
  )
}
