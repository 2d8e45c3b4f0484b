import type { ReactNode } from 'react'

/** Heading block of a public page. The page's only h1. */
export function PublicPageHeader({
  eyebrow,
  title,
  lead,
}: {
  eyebrow?: string
  title: string
  lead?: ReactNode
}) {
  return (
    <header className="max-w-3xl">
      {eyebrow && <p className="text-[13px] font-semibold tracking-wider text-accent uppercase">{eyebrow}</p>}
      <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance text-fg sm:text-5xl">{title}</h1>
      {lead && <p className="mt-5 text-lg leading-relaxed text-pretty text-fg-muted">{lead}</p>}
    </header>
  )
}
