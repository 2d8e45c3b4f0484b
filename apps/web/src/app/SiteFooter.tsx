import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { cn } from '../components/ui/cn'
import { Wordmark } from './Logo'

const FOOTER_LINKS = [
  { to: '/product', key: 'footer.product' },
  { to: '/support', key: 'footer.support' },
  { to: '/contact', key: 'footer.contact' },
  { to: '/terms', key: 'footer.terms' },
  { to: '/privacy', key: 'footer.privacy' },
] as const

/**
 * The footer (docs/product.md#footer): the five links and the copyright with the current year. `compact` is
 * the app shell's.
 */
export function SiteFooter({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation()
  const year = new Date().getFullYear()
  return (
    <footer className={cn('border-t border-border', compact ? 'px-4 py-5 sm:px-8' : 'bg-surface')}>
      <div
        className={cn(
          'mx-auto flex w-full flex-col gap-4 md:flex-row md:items-center md:justify-between',
          !compact && 'max-w-6xl px-5 py-10 sm:px-8',
        )}
      >
        {!compact && (
          <div className="flex flex-col gap-2">
            <Wordmark />
            <p className="max-w-xs text-sm text-fg-muted">{t('footer.tagline')}</p>
          </div>
        )}
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-fg-muted">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded hover:text-fg">
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-fg-subtle">{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  )
}
