import { MINIMUM_AGE, UPLOAD_LIMIT_BYTES } from '@parti/contract'
import { ChevronDown, Clapperboard, type LucideIcon, PencilRuler, Sofa, Sparkles } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ContactForm } from '../contact/ContactForm'
import { PublicPageHeader } from '../legal/PublicPageHeader'

const FAQ = ['credits', 'failed', 'formats', 'time', 'licence', 'cancel', 'age', 'languages'] as const
const GUIDES: { key: 'sketch' | 'staging' | 'video' | 'askParti'; icon: LucideIcon }[] = [
  { key: 'sketch', icon: PencilRuler },
  { key: 'staging', icon: Sofa },
  { key: 'video', icon: Clapperboard },
  { key: 'askParti', icon: Sparkles },
]

/** Support (docs/product.md#support): FAQ, quick-start guides and a contact form. */
export default function SupportPage() {
  const { t } = useTranslation('pages')
  const values = { mb: UPLOAD_LIMIT_BYTES / (1024 * 1024), age: MINIMUM_AGE }
  return (
    <div className="mx-auto max-w-6xl px-5 py-14 sm:px-8 sm:py-20">
      <PublicPageHeader eyebrow={t('support.eyebrow')} title={t('support.title')} lead={t('support.lead')} />

      <section aria-labelledby="guides-title" className="mt-16">
        <h2 id="guides-title" className="text-2xl font-semibold tracking-tight text-fg">
          {t('support.guidesTitle')}
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-2">
          {GUIDES.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border border-border bg-surface p-6 shadow-card">
              <div className="flex items-center gap-3">
                <span className="grid size-9 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg">
                  <Icon className="size-[18px]" aria-hidden />
                </span>
                <h3 className="font-semibold text-fg">{t(`support.guides.${key}.title`)}</h3>
              </div>
              <ol className="mt-5 flex flex-col gap-3">
                {(['step1', 'step2', 'step3'] as const).map((step, index) => (
                  <li key={step} className="flex gap-3 text-[15px] leading-relaxed text-fg-muted">
                    <span className="grid size-6 shrink-0 place-items-center rounded-full border border-border text-xs font-semibold text-fg tabular-nums">
                      {index + 1}
                    </span>
                    <span>{t(`support.guides.${key}.${step}`, values)}</span>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="faq-title" className="mt-20 grid gap-10 lg:grid-cols-[1fr_1.6fr]">
        <div>
          <h2 id="faq-title" className="text-2xl font-semibold tracking-tight text-fg">
            {t('support.faqTitle')}
          </h2>
          <p className="mt-3 text-[15px] leading-relaxed text-fg-muted">{t('support.faqLead')}</p>
        </div>
        <div className="divide-y divide-border rounded-2xl border border-border bg-surface shadow-card">
          {FAQ.map((key) => (
            <details key={key} className="group px-5 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-[15px] font-medium text-fg">
                {t(`support.faq.${key}.q`)}
                <ChevronDown
                  className="size-4 shrink-0 text-fg-subtle transition-transform group-open:rotate-180"
                  aria-hidden
                />
              </summary>
              <p className="pb-5 text-[15px] leading-relaxed text-fg-muted">
                {t(`support.faq.${key}.a`, values)}
              </p>
            </details>
          ))}
        </div>
      </section>

      <section aria-labelledby="support-contact-title" className="mt-20 grid gap-10 lg:grid-cols-[1fr_1.6fr]">
        <div>
          <h2 id="support-contact-title" className="text-2xl font-semibold tracking-tight text-fg">
            {t('support.contactTitle')}
          </h2>
          <p className="mt-3 text-[15px] leading-relaxed text-fg-muted">{t('support.contactLead')}</p>
        </div>
        <ContactForm />
      </section>
    </div>
  )
}
