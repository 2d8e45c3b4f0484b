import { PLAN_CATALOGUE, PLAN_NAMES, type PlanName } from '@parti/contract'
import { ArrowRight, Building2, Check, Home, Palette } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ComparisonSection } from '../landing/ComparisonSection'
import { ToolsSection } from '../landing/ToolsSection'
import { PublicPageHeader } from '../legal/PublicPageHeader'

const AUDIENCES = [
  { key: 'architects', icon: Building2 },
  { key: 'designers', icon: Palette },
  { key: 'agents', icon: Home },
] as const

/** /product: who it is for, every tool, the comparison and the plans (docs/product.md#public-pages). */
export default function ProductPage() {
  const { t, i18n } = useTranslation('pages')
  const language = i18n.resolvedLanguage ?? 'en'
  const euros = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 2,
  })
  const count = new Intl.NumberFormat(language)
  return (
    <>
      <div className="mx-auto max-w-6xl px-5 py-14 sm:px-8 sm:py-20">
        <PublicPageHeader
          eyebrow={t('product.eyebrow')}
          title={t('product.title')}
          lead={t('product.lead')}
        />
        <Link
          to="/tour"
          className="mt-6 inline-flex items-center gap-1.5 text-[15px] font-medium text-accent hover:underline"
          data-testid="product-tour"
        >
          {t('tour.title')}
          <ArrowRight className="rtl-flip size-4" aria-hidden />
        </Link>
        <ul className="mt-12 grid gap-5 md:grid-cols-3">
          {AUDIENCES.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border border-border bg-surface p-6 shadow-card">
              <Icon className="size-5 text-accent" aria-hidden />
              <h2 className="mt-4 font-semibold text-fg">{t(`product.audiences.${key}.title`)}</h2>
              <p className="mt-2 text-[15px] leading-relaxed text-fg-muted">
                {t(`product.audiences.${key}.body`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
      <ToolsSection />
      <ComparisonSection />
      <section aria-labelledby="plans-title" className="border-t border-border bg-surface">
        <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8">
          <h2 id="plans-title" className="text-3xl font-semibold tracking-tight text-fg sm:text-4xl">
            {t('product.plansTitle')}
          </h2>
          <p className="mt-4 max-w-2xl text-[17px] leading-relaxed text-fg-muted">{t('product.plansLead')}</p>
          <ul className="mt-10 grid gap-5 md:grid-cols-3">
            {PLAN_NAMES.map((plan: PlanName) => {
              const p = PLAN_CATALOGUE[plan]
              const popular = plan === 'standard'
              return (
                <li
                  key={plan}
                  className={`relative flex flex-col rounded-2xl border bg-bg p-6 ${popular ? 'border-accent shadow-pop' : 'border-border shadow-card'}`}
                >
                  {popular && (
                    <span className="absolute -top-3 start-6 rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-fg">
                      {t('product.popular')}
                    </span>
                  )}
                  <h3 className="text-lg font-semibold text-fg">{t(`product.plans.${plan}.name`)}</h3>
                  <p className="mt-4 flex items-baseline gap-1.5">
                    <span className="text-3xl font-semibold tracking-tight text-fg tabular-nums">
                      {euros.format(p.priceMonthlyCents / 100)}
                    </span>
                    <span className="text-sm text-fg-muted">{t('product.perMonth')}</span>
                  </p>
                  <p className="mt-1 text-[13px] text-fg-subtle">
                    {t('product.yearlyPrice', { price: euros.format(p.priceYearlyMonthlyCents / 100) })}
                  </p>
                  <p className="mt-5 text-sm font-medium text-fg">
                    {t('product.creditsPerMonth', { credits: count.format(p.monthlyCredits) })}
                  </p>
                  <ul className="mt-4 flex flex-col gap-2.5 text-sm text-fg-muted">
                    {(['f1', 'f2', 'f3'] as const).map((f) => (
                      <li key={f} className="flex items-start gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                        {t(`product.plans.${plan}.${f}`)}
                      </li>
                    ))}
                  </ul>
                </li>
              )
            })}
          </ul>
          <p className="mt-8 text-sm text-fg-muted">{t('product.plansFootnote')}</p>
        </div>
      </section>
    </>
  )
}
