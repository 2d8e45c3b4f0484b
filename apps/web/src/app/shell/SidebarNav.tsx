import type { UserProfile } from '@parti/contract'
import { LogOut, PanelLeftClose, PanelLeftOpen } from 'lucide-react'
import { Tooltip } from 'radix-ui'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import { Badge, CountBadge } from '../../components/ui/Badge'
import { cn } from '../../components/ui/cn'
import { useJobCounts } from '../../features/jobs/useJobCounts'
import { LogoMark } from '../Logo'
import { NAV_ITEMS } from '../navigation'
import { UserAvatar } from './UserAvatar'

interface SidebarNavProps {
  user: UserProfile
  collapsed: boolean
  onToggleCollapsed?: () => void
  onSignOut: () => void
  onNavigate?: () => void
  /** shown above the user block (the drawer puts the advanced-settings switch there for phones) */
  extra?: ReactNode
}

/** The sidebar's content, shared by the desktop rail and the mobile drawer. */
export function SidebarNav({
  user,
  collapsed,
  onToggleCollapsed,
  onSignOut,
  onNavigate,
  extra,
}: SidebarNavProps) {
  const { t } = useTranslation()
  const counts = useJobCounts()
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || user.role === 'admin')

  return (
    <Tooltip.Provider delayDuration={200}>
      <div className="flex h-full flex-col">
        <div className={cn('flex h-14 shrink-0 items-center gap-2 px-3', collapsed && 'justify-center px-0')}>
          <Link
            to="/"
            onClick={onNavigate}
            className={cn('flex items-center gap-2 rounded-lg px-1.5', collapsed && 'px-0')}
            aria-label={t('publicNav.homeAria')}
          >
            <LogoMark />
            {!collapsed && (
              <span dir="ltr" className="text-[16px] font-semibold tracking-tight">
                Parti
              </span>
            )}
          </Link>
          {onToggleCollapsed && !collapsed && (
            <CollapseButton collapsed={false} onClick={onToggleCollapsed} className="ms-auto" />
          )}
        </div>

        <nav aria-label={t('shell.navLabel')} className="flex-1 overflow-y-auto px-2 py-2">
          <ul className="flex flex-col gap-0.5">
            {items.map((item) => {
              const count = item.count ? counts[item.count] : 0
              const label = t(item.titleKey)
              const countLabel =
                item.count === 'notifications'
                  ? t('shell.notificationsCount', { count })
                  : t('shell.jobsInProgress', { count })
              const link = (
                <NavLink
                  to={item.to}
                  end={item.to === '/' || items.some((other) => other.to.startsWith(`${item.to}/`))}
                  onClick={onNavigate}
                  aria-label={collapsed ? (count > 0 ? `${label}, ${countLabel}` : label) : undefined}
                  className={({ isActive }) =>
                    cn(
                      'group relative flex h-9 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
                      collapsed ? 'justify-center' : 'px-2.5',
                      isActive
                        ? 'bg-surface-3/70 text-fg dark:bg-surface-3'
                        : 'text-fg-muted hover:bg-surface-2 hover:text-fg',
                    )
                  }
                >
                  {({ isActive }) => (
                    <>
                      <item.icon
                        aria-hidden
                        className={cn(
                          'size-[18px] shrink-0',
                          isActive ? 'text-accent' : 'text-fg-subtle group-hover:text-fg-muted',
                        )}
                      />
                      {!collapsed && <span className="flex-1 truncate">{label}</span>}
                      {!collapsed && item.beta && <Badge tone="beta">{t('common.beta')}</Badge>}
                      {collapsed ? (
                        <CountBadge
                          count={count}
                          label={countLabel}
                          className="absolute -top-0.5 end-0.5 h-4 min-w-4 text-[10px] ring-2 ring-surface"
                        />
                      ) : (
                        <CountBadge count={count} label={countLabel} />
                      )}
                    </>
                  )}
                </NavLink>
              )
              return (
                <li key={item.to}>{collapsed ? <WithTooltip label={label}>{link}</WithTooltip> : link}</li>
              )
            })}
          </ul>
        </nav>
        {extra}

        <div className="shrink-0 border-t border-border p-2">
          {onToggleCollapsed && collapsed && (
            <div className="mb-1 flex justify-center">
              <CollapseButton collapsed onClick={onToggleCollapsed} />
            </div>
          )}
          <div className={cn('flex items-center gap-2.5 rounded-lg p-1.5', collapsed && 'flex-col')}>
            <UserAvatar user={user} />
            {!collapsed && (
              // the account page (docs/product.md#account): address, password, sign out everywhere
              <Link
                to="/account"
                onClick={onNavigate}
                title={t('pages.account.title')}
                className="min-w-0 flex-1 rounded-md hover:text-fg"
                data-testid="sidebar-account"
              >
                {user.name && <p className="truncate text-[13px] font-medium text-fg">{user.name}</p>}
                <p
                  dir="ltr"
                  className="truncate text-xs text-fg-muted rtl:text-right"
                  data-testid="sidebar-email"
                >
                  {user.email}
                </p>
              </Link>
            )}
            <WithTooltip label={t('shell.signOut')} enabled={collapsed}>
              <button
                type="button"
                onClick={onSignOut}
                aria-label={t('shell.signOut')}
                data-testid="sign-out"
                className="grid size-8 shrink-0 place-items-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-fg"
              >
                <LogOut className="rtl-flip size-4" aria-hidden />
              </button>
            </WithTooltip>
          </div>
        </div>
      </div>
    </Tooltip.Provider>
  )
}

function CollapseButton({
  collapsed,
  onClick,
  className,
}: {
  collapsed: boolean
  onClick: () => void
  className?: string
}) {
  const { t } = useTranslation()
  const label = collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar')
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose
  return (
    <WithTooltip label={label} enabled={collapsed}>
      <button
        type="button"
        onClick={onClick}
        aria-label={label}
        aria-expanded={!collapsed}
        data-testid="sidebar-toggle"
        className={cn(
          'grid size-8 place-items-center rounded-lg text-fg-subtle hover:bg-surface-2 hover:text-fg',
          className,
        )}
      >
        <Icon className="rtl-flip size-[18px]" aria-hidden />
      </button>
    </WithTooltip>
  )
}

function WithTooltip({
  label,
  enabled = true,
  children,
}: {
  label: string
  enabled?: boolean
  children: ReactNode
}) {
  const { i18n } = useTranslation()
  if (!enabled) return children
  return (
    <Tooltip.Root>
      {/* a wrapper, because Slot would turn NavLink's className function into a string */}
      <Tooltip.Trigger asChild>
        <span className="block">{children}</span>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side={i18n.dir() === 'rtl' ? 'left' : 'right'}
          sideOffset={8}
          className="animate-fade-in z-50 rounded-md bg-fg px-2 py-1 text-xs font-medium text-bg shadow-pop"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}
