import { A_LA_CARTE_TIERS, MIN_A_LA_CARTE_EUR } from '@parti/contract'
import { Coins, SlidersHorizontal } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { formatCount, formatEur } from '../money'

/**
 * À la carte (docs/product.md#a-la-carte): three tiers (EUR 5, 25, 50) and a custom amount; each opens the
 * purchase dialog.
 */
export function ALaCarte({ onBuy }: { onBuy: (amount: number | null) => void }) {
  const { t, i18n } = useTranslation('pricing')
  const lang = i18n.resolvedLanguage ?? 'en'
  return (
    <section aria-labelledby="a-la-carte-heading" className="flex flex-col gap-5">
      <div className="text-center">
        <h3 id="a-la-carte-heading" className="text-lg font-semibold tracking-tight text-fg">
          {t('aLaCarte.heading')}
        </h3>
        <p className="mt-1 text-sm text-fg-muted">{t('aLaCarte.intro')}</p>
      </div>
      <div className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {A_LA_CARTE_TIERS.map((tier) => (
          <article
            key={tier.amountEur}
            data-testid={`tier-${tier.amountEur}`}
            className="flex flex-col rounded-2xl border border-border bg-surface p-5 shadow-card"
          >
            <span className="text-3xl font-semibold tracking-tight text-fg tabular-nums">
              {formatEur(tier.amountEur * 100, lang, { whole: true })}
            </span>
            <p className="mt-2 flex items-center gap-2 text-sm font-medium text-fg">
              <Coins className="size-4 text-accent" aria-hidden />
              {t('aLaCarte.credits', { credits: formatCount(tier.credits, lang) })}
            </p>
            <Button className="mt-5 w-full" variant="outline" onClick={() => onBuy(tier.amountEur)}>
              {t('aLaCarte.buy')}
            </Button>
          </article>
        ))}
        <article
          data-testid="tier-custom"
          className="flex flex-col rounded-2xl border border-dashed border-border-strong bg-surface-2/60 p-5"
        >
          <span className="flex items-center gap-2 text-lg font-semibold tracking-tight text-fg">
            <SlidersHorizontal className="size-4 text-accent" aria-hidden />
            {t('aLaCarte.customTitle')}
          </span>
          <p className="mt-2 text-sm text-fg-muted">
            {t('aLaCarte.customBody', { min: formatEur(MIN_A_LA_CARTE_EUR * 100, lang, { whole: true }) })}
          </p>
          <Button
            className="mt-auto w-full"
            variant="primary"
            onClick={() => onBuy(null)}
            data-testid="buy-custom"
          >
            {t('aLaCarte.buy')}
          </Button>
        </article>
      </div>
    </section>
  )
}
