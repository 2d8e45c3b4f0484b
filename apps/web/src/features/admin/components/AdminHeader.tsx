import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { cn } from '../../../components/ui/cn'

const TABS = [
  { to: '/admin', key: 'tabs.styles', end: true },
  { to: '/admin/plans', key: 'tabs.plans', end: false },
  { to: '/admin/inbox', key: 'tabs.inbox', end: false },
  { to: '/admin/outbox', key: 'tabs.outbox', end: false },
  { to: '/admin/engines', key: 'tabs.engines', end: false },
  { to: '/admin/boards', key: 'tabs.boards', end: false },
] as const

/** The admin screens' heading: Styles, Plans, Inbox, Outbox, Engines and MLS boards side by side as tabs, the screen's actions on the end side. */
export function AdminHeader({
  heading,
  intro,
  actions,
}: {
  heading: string
  intro: string
  actions?: ReactNode
}) {
  const { t } = useTranslation('admin')
  return (
    <header className="mb-6 flex flex-col gap-4 sm:mb-8">
      <nav aria-label={t('tabs.label')}>
        <ul className="inline-flex max-w-full gap-1 overflow-x-auto rounded-xl bg-surface-2 p-1 text-sm font-medium">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-8 items-center whitespace-nowrap rounded-lg px-3.5 transition-colors',
                    isActive ? 'bg-surface text-fg shadow-card' : 'text-fg-muted hover:text-fg',
                  )
                }
              >
                {t(tab.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between lg:gap-8">
        <div className="min-w-0 lg:max-w-xl">
          <h2 className="text-xl font-semibold tracking-tight text-fg sm:text-2xl">{heading}</h2>
          <p className="mt-1 max-w-2xl text-[13px] leading-relaxed text-fg-muted sm:text-sm">{intro}</p>
        </div>
        {actions && <div className="flex flex-wrap gap-2 lg:shrink-0 lg:flex-nowrap">{actions}</div>}
      </div>
    </header>
  )
}
