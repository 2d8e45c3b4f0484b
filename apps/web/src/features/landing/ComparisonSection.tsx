import { Check, Minus } from 'lucide-react'
import { useTranslation } from 'react-i18next'

const ROWS = ['sketch', 'palette', 'staging', 'video', 'angles', 'lasso', 'gallery', 'licence'] as const
type Row = (typeof ROWS)[number]

/**
 * Capabilities side by side with a general chat model
 * (docs/decisions/0041-landing-figures-and-content-file.md: no figure we have not measured). Each cell says
 * what the product has built in; nothing here claims speed or quality numbers.
 */
export function ComparisonSection() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="compare-title" className="border-t border-border">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8">
        <div className="max-w-2xl">
          <p className="text-[13px] font-semibold tracking-wider text-accent uppercase">
            {t('landing.compareEyebrow')}
          </p>
          <h2
            id="compare-title"
            className="mt-3 text-3xl font-semibold tracking-tight text-balance text-fg sm:text-4xl"
          >
            {t('landing.compareTitle')}
          </h2>
          <p className="mt-4 text-[17px] leading-relaxed text-fg-muted">{t('landing.compareBody')}</p>
        </div>
        {/* phones: one card per capability; wider screens: the table */}
        <ul className="mt-10 flex flex-col gap-3 sm:hidden">
          {ROWS.map((row) => (
            <li key={row} className="rounded-2xl border border-border bg-surface p-4 shadow-card">
              <p className="text-[15px] font-semibold text-fg">{t(`landing.compare.${row}.label`)}</p>
              <ul className="mt-3 flex flex-col gap-2 text-sm">
                <li className="flex items-start gap-2 text-fg">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                  <span>
                    <span className="font-medium">Parti</span> · {t(`landing.compare.${row}.parti`)}
                  </span>
                </li>
                <li className="flex items-start gap-2 text-fg-muted">
                  <Minus className="mt-0.5 size-4 shrink-0 text-fg-subtle" aria-hidden />
                  <span>
                    <span className="sr-only">{t('landing.compareGeneral')}: </span>
                    {t(`landing.compare.${row}.general`)}
                  </span>
                </li>
              </ul>
            </li>
          ))}
        </ul>
        <div className="mt-10 hidden overflow-hidden rounded-2xl border border-border bg-surface shadow-card sm:block">
          <table className="w-full border-collapse text-start text-sm">
            <caption className="sr-only">{t('landing.compareCaption')}</caption>
            <thead>
              <tr className="border-b border-border bg-surface-2/60">
                <th scope="col" className="w-[44%] px-5 py-3.5 text-start font-medium text-fg-muted">
                  {t('landing.compareCapability')}
                </th>
                <th scope="col" className="px-5 py-3.5 text-start font-semibold text-fg">
                  Parti
                </th>
                <th scope="col" className="px-5 py-3.5 text-start font-medium text-fg-muted">
                  {t('landing.compareGeneral')}
                </th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row: Row) => (
                <tr key={row} className="border-b border-border last:border-0">
                  <th scope="row" className="px-5 py-4 text-start font-medium text-fg">
                    {t(`landing.compare.${row}.label`)}
                  </th>
                  <td className="px-5 py-4 align-top">
                    <span className="flex items-start gap-2 text-fg">
                      <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                      {t(`landing.compare.${row}.parti`)}
                    </span>
                  </td>
                  <td className="px-5 py-4 align-top">
                    <span className="flex items-start gap-2 text-fg-muted">
                      <Minus className="mt-0.5 size-4 shrink-0 text-fg-subtle" aria-hidden />
                      {t(`landing.compare.${row}.general`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  )
}
