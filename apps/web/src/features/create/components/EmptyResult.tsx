import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * The result area before the first job: what will appear here, and how to get a good one. On a phone it sits
 * under a long form, so it is left out there until there is something to show.
 */
export function EmptyResult({
  icon: Icon,
  title,
  tips,
  children,
}: {
  icon: LucideIcon
  title: string
  tips: string[]
  children?: ReactNode
}) {
  return (
    <div
      data-testid="empty-result"
      className="flex flex-col items-center rounded-2xl border border-dashed max-lg:hidden border-border-strong bg-surface/50 px-6 py-12 text-center sm:py-16"
    >
      <span className="grid size-12 place-items-center rounded-2xl border border-border bg-surface text-accent shadow-card">
        <Icon className="size-6" aria-hidden />
      </span>
      <p className="mt-4 text-[15px] font-semibold text-fg">{title}</p>
      <ul className="mt-4 flex max-w-sm flex-col gap-2 text-start text-[13px] leading-relaxed text-fg-muted">
        {tips.map((tip) => (
          <li key={tip} className="flex gap-2">
            <span className="mt-2 size-1 shrink-0 rounded-full bg-fg-subtle" aria-hidden />
            <span>{tip}</span>
          </li>
        ))}
      </ul>
      {children}
    </div>
  )
}
