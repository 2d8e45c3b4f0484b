import { Star } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { landingContent, pick } from './content'

/**
 * Three testimonials and the rating, from the operator's content file
 * (docs/decisions/0041-landing-figures-and-content-file.md).
 */
export function TestimonialsSection() {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? 'en'
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 })
  const { rating, testimonials } = landingContent
  return (
    <section aria-labelledby="testimonials-title" className="border-t border-border bg-surface">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2
            id="testimonials-title"
            className="max-w-xl text-3xl font-semibold tracking-tight text-balance text-fg sm:text-4xl"
          >
            {t('landing.testimonialsTitle')}
          </h2>
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            <Star className="size-4 fill-amber-500 text-amber-500" aria-hidden />
            <span className="text-2xl font-semibold text-fg tabular-nums">{format.format(rating.value)}</span>
            <span>{t('landing.ratingOutOf', { outOf: format.format(rating.outOf) })}</span>
          </p>
        </div>
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {testimonials.map((item) => (
            <li
              key={item.name}
              className="flex flex-col rounded-2xl border border-border bg-bg p-6 shadow-card"
            >
              <div className="flex text-amber-500" aria-hidden>
                {[0, 1, 2, 3, 4].map((i) => (
                  <Star key={i} className="size-3.5 fill-current" />
                ))}
              </div>
              <blockquote className="mt-4 flex-1 text-[15px] leading-relaxed text-fg">
                <p>“{pick(item.quote, language)}”</p>
              </blockquote>
              <div className="mt-6 flex items-center gap-3 border-t border-border pt-4">
                <span
                  aria-hidden
                  className="grid size-9 place-items-center rounded-full bg-accent-soft text-xs font-semibold text-accent-soft-fg"
                >
                  {item.name
                    .split(' ')
                    .map((part) => part[0])
                    .join('')}
                </span>
                <div>
                  <p className="text-sm font-semibold text-fg">{item.name}</p>
                  <p className="text-[13px] text-fg-muted">{pick(item.role, language)}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
