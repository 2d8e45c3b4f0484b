import type { ReactNode } from 'react'
import { cn } from './cn'

type Tone = 'neutral' | 'accent' | 'danger' | 'beta'

const tones: Record<Tone, string> = {
  neutral: 'bg-surface-2 text-fg-muted border-border',
  accent: 'bg-accent-soft text-accent-soft-fg border-transparent',
  danger: 'bg-danger text-white border-transparent',
  beta: 'bg-accent-soft text-accent-soft-fg border-transparent uppercase tracking-wider text-[10px]',
}

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: Tone
  children: ReactNode
  className?: string
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium leading-4',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  )
}

/** A small red count, as on the sidebar items. Hidden at zero. */
export function CountBadge({
  count,
  label,
  className,
}: {
  count: number
  label: string
  className?: string
}) {
  if (count <= 0) return null
  return (
    <span
      className={cn(
        'inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-danger px-1 text-[11px] font-semibold leading-none text-white tabular-nums',
        className,
      )}
    >
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  )
}
