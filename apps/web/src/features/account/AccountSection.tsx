import type { ReactNode } from 'react'

/** One titled card of the account page; other features add theirs with the same frame. */
export function AccountSection({
  id,
  title,
  intro,
  children,
}: {
  id: string
  title: string
  intro?: ReactNode
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-6"
      data-testid={`account-${id}`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight text-fg">
        {title}
      </h2>
      {intro && <div className="mt-1 text-sm leading-relaxed text-fg-muted">{intro}</div>}
      <div className="mt-4">{children}</div>
    </section>
  )
}
