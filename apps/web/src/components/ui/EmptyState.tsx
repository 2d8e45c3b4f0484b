import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from './cn'

interface EmptyStateProps {
  icon: LucideIcon
  title: ReactNode
  body?: ReactNode
  badge?: ReactNode
  children?: ReactNode
  className?: string
}

/** A calm placeholder for a screen or a list with nothing to show yet. */
export function EmptyState({ icon: Icon, title, body, badge, children, className }: EmptyStateProps) {
  return (
    <section
      className={cn(
        'mx-auto flex w-full max-w-xl flex-col items-center rounded-2xl border border-dashed border-border-strong px-6 py-12 text-center sm:px-10',
        className,
      )}
    >
      <span className="grid size-12 place-items-center rounded-2xl border border-border bg-surface text-accent shadow-card">
        <Icon className="size-6" aria-hidden />
      </span>
      {badge && <div className="mt-5">{badge}</div>}
      <h2 className="mt-4 text-xl font-semibold tracking-tight text-balance text-fg">{title}</h2>
      {body && <p className="mt-2 max-w-md text-[15px] leading-relaxed text-pretty text-fg-muted">{body}</p>}
      {children}
    </section>
  )
}
