import { COSTS, STAGING_COST } from '@parti/contract'
import { Clapperboard, Images, type LucideIcon, PencilRuler, Rotate3d, Sofa, Sparkles } from 'lucide-react'
import { useTranslation } from 'react-i18next'

type ToolKey = 'sketch' | 'video' | 'angles' | 'staging' | 'askParti' | 'gallery'

const TOOLS: { key: ToolKey; icon: LucideIcon; cost?: Record<string, number> }[] = [
  { key: 'sketch', icon: PencilRuler, cost: { credits: COSTS.image } },
  { key: 'video', icon: Clapperboard, cost: { short: COSTS.video[6], long: COSTS.video[10] } },
  { key: 'angles', icon: Rotate3d, cost: { credits: COSTS.perAngle } },
  { key: 'staging', icon: Sofa, cost: { credits: STAGING_COST } },
  { key: 'askParti', icon: Sparkles, cost: { credits: COSTS.image } },
  { key: 'gallery', icon: Images },
]

/** What each tool does (docs/product.md#tools), with its price in credits (docs/product.md#pricing). */
export function ToolsSection() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="tools-title" className="border-t border-border bg-surface">
      <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8">
        <div className="max-w-2xl">
          <p className="text-[13px] font-semibold tracking-wider text-accent uppercase">
            {t('landing.toolsEyebrow')}
          </p>
          <h2
            id="tools-title"
            className="mt-3 text-3xl font-semibold tracking-tight text-balance text-fg sm:text-4xl"
          >
            {t('landing.toolsTitle')}
          </h2>
          <p className="mt-4 text-[17px] leading-relaxed text-fg-muted">{t('landing.toolsBody')}</p>
        </div>
        <ul className="mt-12 grid gap-px overflow-hidden rounded-2xl border border-border bg-border sm:grid-cols-2 lg:grid-cols-3">
          {TOOLS.map(({ key, icon: Icon, cost }) => (
            <li key={key} className="flex flex-col bg-surface p-6 sm:p-7">
              <span className="grid size-10 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-5 text-base font-semibold text-fg">{t(`landing.tools.${key}.title`)}</h3>
              <p className="mt-2 flex-1 text-[15px] leading-relaxed text-fg-muted">
                {t(`landing.tools.${key}.body`)}
              </p>
              <p className="mt-5 text-[13px] font-medium text-fg-subtle tabular-nums">
                {cost ? t(`landing.tools.${key}.cost`, cost) : t('landing.tools.gallery.cost')}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
