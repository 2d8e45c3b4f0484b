import type { ReactNode } from 'react'
import { cn } from '../../../components/ui/cn'

const tones = {
  amber: 'border-amber-500/40 bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200',
  success: 'border-success/30 bg-success/10 text-success',
}

/** A small status label in a colour the shared Badge has no tone for (test mode, cancelling, current plan). */
export function Pill({
  tone,
  children,
  className,
}: {
  tone: keyof typeof tones
  children: ReactNode
  className?: string
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium leading-4',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  )
}
