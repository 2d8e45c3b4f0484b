import type { UserProfile } from '@parti/contract'
import { Menu } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { AdvancedToggle } from '../../features/preferences/AdvancedToggle'
import { LanguagePicker } from '../../features/preferences/LanguagePicker'
import { ThemeToggle } from '../../features/preferences/ThemeToggle'
import { CreditBalance } from './CreditBalance'

interface TopBarProps {
  title: string
  user: UserProfile
  onOpenDrawer: () => void
}

/**
 * The top bar (docs/product.md#top-bar): title, language, credits with Buy, advanced-settings toggle, theme
 * toggle.
 */
export function TopBar({ title, user, onOpenDrawer }: TopBarProps) {
  const { t } = useTranslation()
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b border-border bg-bg/85 px-3 backdrop-blur-md sm:px-5">
      <button
        type="button"
        onClick={onOpenDrawer}
        aria-label={t('shell.openMenu')}
        data-testid="open-drawer"
        className="grid size-9 place-items-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-fg lg:hidden"
      >
        <Menu className="size-5" aria-hidden />
      </button>
      <h1
        className="min-w-0 flex-1 truncate text-[15px] font-semibold tracking-tight text-fg"
        data-testid="page-title"
      >
        {title}
      </h1>
      <div className="flex items-center gap-0.5 sm:gap-1">
        <AdvancedToggle className="hidden sm:inline-flex" />
        <LanguagePicker compact />
        <ThemeToggle />
        <div className="ms-1 sm:ms-2">
          <CreditBalance credits={user.credits} />
        </div>
      </div>
    </header>
  )
}
