import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { PublicPageHeader } from './PublicPageHeader'

export interface LegalSection {
  id: string
  title: string
  body: string
  /** links after the text, to the screens where the section's rights are used */
  links?: Array<{ to: string; label: string }>
}

/** Terms and privacy share this layout: a table of contents and numbered sections. Paragraphs split on blank lines. */
export function LegalDocument({
  title,
  lead,
  updated,
  sections,
}: {
  title: string
  lead: string
  updated: string
  sections: LegalSection[]
}) {
  const { t } = useTranslation('pages')
  const { hash } = useLocation()
  // a link to a section (the account page's to /privacy#your-data) lands on it once the text is there
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView()
  }, [hash])
  return (
    <div className="mx-auto max-w-6xl px-5 py-14 sm:px-8 sm:py-20">
      <PublicPageHeader eyebrow={t('legal.eyebrow')} title={title} lead={lead} />
      <p className="mt-4 text-sm text-fg-subtle">{updated}</p>
      <div className="mt-12 grid gap-12 lg:grid-cols-[220px_1fr]">
        <nav aria-label={t('legal.contents')} className="hidden lg:block">
          <ol className="sticky top-24 flex flex-col gap-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="flex gap-2 rounded text-fg-muted hover:text-fg">
                  <span className="w-5 text-fg-subtle tabular-nums">{index + 1}.</span>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex max-w-2xl flex-col gap-10">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight text-fg">
                <span className="me-2 text-fg-subtle tabular-nums">{index + 1}.</span>
                {section.title}
              </h2>
              {section.body.split('\n\n').map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="mt-3 text-[15px] leading-relaxed text-fg-muted">
                  {paragraph}
                </p>
              ))}
              {section.links?.map((link) => (
                <p key={link.to} className="mt-3 text-[15px]">
                  <Link to={link.to} className="font-medium text-accent underline-offset-2 hover:underline">
                    {link.label}
                  </Link>
                </p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </div>
  )
}
