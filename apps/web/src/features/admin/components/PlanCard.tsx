import { type AdminPlan, TEXT_LIMITS } from '@parti/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { TextField } from '../../../components/ui/Field'
import { Spinner } from '../../../components/ui/Spinner'
import { Switch } from '../../../components/ui/Switch'
import { useSavePlan } from '../hooks/useAdminPlans'
import { draftOfPlan, inputOfPlan, type PlanDraft, samePlan, validPriceId } from '../planForm'
import { FeatureListEditor } from './FeatureListEditor'

/**
 * One plan: what an admin may change (features, popular badge, payment price ids) and, read-only, what is
 * fixed (prices and monthly credits: docs/product.md#plan-prices,
 * docs/decisions/0050-plan-prices-not-editable.md).
 */
export function PlanCard({ plan }: { plan: AdminPlan }) {
  const { t, i18n } = useTranslation('admin')
  const save = useSavePlan()
  const popularId = useId()
  const saved = draftOfPlan(plan)
  const [draft, setDraft] = useState<PlanDraft>(saved)
  const [lastPlan, setLastPlan] = useState(plan)
  // the server's answer (or another card unmarking popular) replaces an unedited draft
  if (lastPlan !== plan) {
    setLastPlan(plan)
    if (samePlan(draft, draftOfPlan(lastPlan))) setDraft(saved)
  }
  const update = (patch: Partial<PlanDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const euros = (cents: number) =>
    (cents / 100).toLocaleString(i18n.language, { style: 'currency', currency: 'EUR' })
  const dirty = !samePlan(draft, saved)
  const badIds = {
    monthly: !validPriceId(draft.paymentPriceMonthly),
    yearly: !validPriceId(draft.paymentPriceYearly),
  }
  const name = t(`plans.names.${plan.name}`)

  return (
    <form
      data-testid="plan-card"
      data-plan={plan.id}
      aria-label={name}
      className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5 shadow-card"
      onSubmit={(e) => {
        e.preventDefault()
        if (!badIds.monthly && !badIds.yearly) save.mutate({ id: plan.id, input: inputOfPlan(draft) })
      }}
    >
      <div>
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-lg font-semibold tracking-tight text-fg">{name}</h3>
          {plan.popular && <Badge tone="accent">{t('plans.popularBadge')}</Badge>}
        </div>
        <dl className="mt-3 flex flex-col gap-1.5 text-[13px]">
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-fg-muted">{t('plans.monthly')}</dt>
            <dd className="text-fg tabular-nums">
              {t('plans.perMonth', { price: euros(plan.priceMonthly) })}
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-fg-muted">{t('plans.yearly')}</dt>
            <dd className="text-end text-fg tabular-nums">
              {t('plans.perMonth', { price: euros(plan.priceYearlyMonthly) })}
              <span className="block text-xs text-fg-subtle">
                {t('plans.billedYearly', { price: euros(plan.priceYearly) })}
              </span>
            </dd>
          </div>
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-fg-muted">{t('plans.credits')}</dt>
            <dd className="text-fg tabular-nums">{plan.monthlyCredits.toLocaleString(i18n.language)}</dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-fg-subtle">{t('plans.fixedNote')}</p>
      </div>

      <Switch
        id={popularId}
        checked={draft.popular}
        onChange={(popular) => update({ popular })}
        label={t('plans.popular')}
        description={t('plans.popularHint')}
      />

      <FeatureListEditor features={draft.features} onChange={(features) => update({ features })} />

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-[13px] font-semibold text-fg">{t('plans.priceIds')}</legend>
        <TextField
          label={t('plans.priceIdMonthly')}
          value={draft.paymentPriceMonthly}
          dir="ltr"
          className="[&_input]:font-mono [&_input]:text-[13px]"
          placeholder="price_…"
          maxLength={TEXT_LIMITS.priceId}
          error={badIds.monthly ? t('plans.priceIdInvalid') : undefined}
          onChange={(e) => update({ paymentPriceMonthly: e.target.value })}
        />
        <TextField
          label={t('plans.priceIdYearly')}
          value={draft.paymentPriceYearly}
          dir="ltr"
          className="[&_input]:font-mono [&_input]:text-[13px]"
          placeholder="price_…"
          maxLength={TEXT_LIMITS.priceId}
          hint={t('plans.priceIdHint')}
          error={badIds.yearly ? t('plans.priceIdInvalid') : undefined}
          onChange={(e) => update({ paymentPriceYearly: e.target.value })}
        />
      </fieldset>

      <div className="mt-auto flex gap-2 border-t border-border pt-4">
        <Button type="submit" className="flex-1" disabled={!dirty || save.isPending} data-testid="save-plan">
          {save.isPending && <Spinner className="text-current" />}
          {t('plans.save')}
        </Button>
        <Button variant="ghost" disabled={!dirty || save.isPending} onClick={() => setDraft(saved)}>
          {t('plans.reset')}
        </Button>
      </div>
    </form>
  )
}
