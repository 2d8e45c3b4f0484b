import type { Plan, SubscriptionType } from '@parti/contract'
import { Check, Coins } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { cn } from '../../../components/ui/cn'
import { Spinner } from '../../../components/ui/Spinner'
import { formatCount, formatEur } from '../money'
import type { PlanAction } from '../subscription'
import { Pill } from './Pill'

export const PLAN_LABEL = { lite: 'Lite', standard: 'Standard', pro: 'Pro' } as const

interface PlanCardProps {
  plan: Plan
  billing: SubscriptionType
  action: PlanAction
  /** the user's plan (whatever the period shown): the Current plan badge */
  current: boolean
  busy: boolean
  disabled: boolean
  onChoose: () => void
}

/**
 * A plan card (docs/product.md#pricing-page): name, Popular, Current plan, price in EUR, credits and
 * features.
 */
export function PlanCard({ plan, billing, action, current, busy, disabled, onChoose }: PlanCardProps) {
  const { t, i18n } = useTranslation('pricing')
  const lang = i18n.resolvedLanguage ?? 'en'
  const name = PLAN_LABEL[plan.name]
  const yearly = billing === 'yearly'
  const perMonth = yearly ? plan.priceYearlyMonthly : plan.priceMonthly
  const label =
    action === 'current'
      ? t('plan.currentButton')
      : action === 'subscribe'
        ? t('plan.subscribe', { plan: name })
        : current
          ? t(yearly ? 'plan.toYearly' : 'plan.toMonthly')
          : t('plan.change', { plan: name })
  return (
    <article
      data-testid={`plan-${plan.name}`}
      aria-labelledby={`plan-${plan.name}-name`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-surface p-5 shadow-card sm:p-6',
        plan.popular ? 'border-accent ring-1 ring-accent' : 'border-border',
      )}
    >
      <div className="flex min-h-6 flex-wrap items-center gap-2">
        <h3 id={`plan-${plan.name}-name`} className="text-lg font-semibold tracking-tight text-fg">
          {name}
        </h3>
        {plan.popular && <Badge tone="accent">{t('plan.popular')}</Badge>}
        {current && (
          <Pill tone="success">
            <Check className="size-3" aria-hidden />
            <span data-testid="current-plan-badge">{t('plan.current')}</span>
          </Pill>
        )}
      </div>
      <p className="mt-1 min-h-10 text-[13px] leading-5 text-fg-muted">{t(`plan.tagline.${plan.name}`)}</p>

      <div className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-semibold tracking-tight text-fg tabular-nums" data-testid="plan-price">
          {formatEur(perMonth, lang, { whole: true })}
        </span>
        <span className="text-sm text-fg-muted">{t('plan.perMonth')}</span>
      </div>
      <p className="mt-1 min-h-5 text-[13px] text-fg-muted">
        {yearly && (
          <>
            {t('plan.billedYearly', { total: formatEur(plan.priceYearly, lang) })}{' '}
            <span className="text-fg-subtle line-through">
              {t('plan.insteadOf', { price: formatEur(plan.priceMonthly * 12, lang) })}
            </span>
          </>
        )}
      </p>

      <p className="mt-4 flex items-center gap-2 rounded-lg bg-surface-2 px-3 py-2 text-[13px] font-medium text-fg">
        <Coins className="size-4 shrink-0 text-accent" aria-hidden />
        <span data-testid="plan-credits">
          {yearly
            ? t('plan.creditsYearly', { credits: formatCount(plan.monthlyCredits * 12, lang) })
            : t('plan.creditsMonthly', { credits: formatCount(plan.monthlyCredits, lang) })}
        </span>
      </p>

      <Button
        className="mt-5 w-full"
        size="lg"
        variant={action === 'current' ? 'outline' : plan.popular ? 'primary' : 'secondary'}
        onClick={onChoose}
        disabled={disabled}
        aria-busy={busy || undefined}
        data-testid={`choose-${plan.name}`}
      >
        {busy && <Spinner className="size-4 text-current" />}
        {label}
      </Button>

      <ul className="mt-5 flex flex-col gap-2.5 border-t border-border pt-5 text-[13px] text-fg">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
            <span>{t(`features.${feature}` as 'features.all_tools', { defaultValue: feature })}</span>
          </li>
        ))}
      </ul>
    </article>
  )
}
