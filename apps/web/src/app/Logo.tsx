import { cn } from '../components/ui/cn'

/** The Parti mark: a house outline drawn as a single stroke, like a first sketch. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-7 shrink-0', className)} aria-hidden>
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path
        d="M8 23V12l8-5 8 5v11"
        fill="none"
        strokeWidth="2.2"
        strokeLinejoin="round"
        className="stroke-accent-fg"
      />
      <path
        d="M13 23v-6h6v6"
        fill="none"
        strokeWidth="2.2"
        strokeLinejoin="round"
        className="stroke-accent-fg"
      />
    </svg>
  )
}

export function Wordmark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-2 text-[17px] font-semibold tracking-tight text-fg',
        className,
      )}
    >
      <LogoMark />
      <span dir="ltr">Parti</span>
    </span>
  )
}
