import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '../../../components/ui/Badge'

interface CreateLayoutProps {
  icon: LucideIcon
  heading: string
  intro: string
  beta?: boolean
  betaLabel?: string
  /** under the heading, e.g. the mode switch */
  toolbar?: ReactNode
  form: ReactNode
  result: ReactNode
  resultLabel: string
}

/**
 * A creation screen: the form on the start side, the result beside it on wide screens (kept in view while the
 * form scrolls), stacked on phones with the result under the Generate button.
 */
export function CreateLayout({
  icon: Icon,
  heading,
  intro,
  beta,
  betaLabel,
  toolbar,
  form,
  result,
  resultLabel,
}: CreateLayoutProps) {
  return (
    <div className="mx-auto w-full max-w-[1320px] flex-1 px-4 pt-5 pb-10 sm:px-6 lg:px-8 lg:pt-7">
      <header className="mb-5 flex flex-col gap-3 sm:mb-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span className="mt-0.5 hidden size-10 shrink-0 place-items-center rounded-xl border border-border bg-surface text-accent shadow-card sm:grid">
            <Icon className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight text-fg sm:text-2xl">
              {heading}
              {beta && <Badge tone="beta">{betaLabel}</Badge>}
            </h2>
            <p className="mt-1 max-w-2xl text-[13px] leading-relaxed text-fg-muted sm:text-sm">{intro}</p>
          </div>
        </div>
        {toolbar}
      </header>
      {/* minmax(0, …) columns: a long file name or a wide picture never widens the page on a phone */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(360px,440px)_minmax(0,1fr)] lg:items-start xl:gap-8">
        <div className="min-w-0 rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5">
          {form}
        </div>
        <section
          aria-label={resultLabel}
          className="flex min-w-0 scroll-mt-16 flex-col gap-4 lg:sticky lg:top-20"
          id="result"
        >
          {result}
        </section>
      </div>
    </div>
  )
}

/** A titled group of controls inside the form. */
export function FormSection({
  title,
  titleId,
  aside,
  children,
}: {
  title: string
  titleId?: string
  aside?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-[13px] font-medium text-fg">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </div>
  )
}
