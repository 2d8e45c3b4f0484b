import type { PlanName, SubscriptionType } from '@parti/contract'
import { FlaskConical } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { Button } from '../../components/ui/Button'
import { Spinner } from '../../components/ui/Spinner'
import { useSession } from '../auth/session'
import { returnTab } from './checkoutReturn'
import { ALaCarte } from './components/ALaCarte'
import { BillingToggle, type PricingTab } from './components/BillingToggle'
import { CancelledBanner } from './components/CancelledBanner'
import { CheckoutResult } from './components/CheckoutResult'
import { Pill } from './components/Pill'
import { PlanCard } from './components/PlanCard'
import { PurchaseDialog } from './components/PurchaseDialog'
import { SubscriptionPanel } from './components/SubscriptionPanel'
import { useCheckoutReturn } from './hooks/useCheckoutReturn'
import { usePaymentActions } from './hooks/usePaymentActions'
import { usePaymentsConfig, usePlans, useSubscriptions } from './hooks/usePricingData'
import { initialBilling, planAction, subscriptionView } from './subscription'

/**
 * Pricing (docs/product.md#pricing-page): Monthly (special offer) / Yearly (20% off) / À la carte; three plan
 * cards with the current plan marked; tiers and a custom amount bought through a dialog; the subscription
 * with its portal, cancel and the amber banner once cancelled; the result of a checkout the user just came
 * back from.
 */
export default function PricingPage() {
  const { t } = useTranslation(['pricing', 'app'])
  const { user } = useSession()
  const view = subscriptionView(user)
  const [params] = useSearchParams()
  const [tab, setTab] = useState<PricingTab>(() => returnTab(params) ?? initialBilling(view))
  const [buying, setBuying] = useState<number | null | undefined>(undefined)
  const plans = usePlans()
  const config = usePaymentsConfig()
  const subscriptions = useSubscriptions(view.state !== 'none')
  const actions = usePaymentActions()
  const { outcome, dismiss } = useCheckoutReturn()
  const leaving =
    actions.subscribe.isPending ||
    actions.change.isPending ||
    actions.portal.isPending ||
    actions.buyCredits.isPending
  const current = subscriptions.data?.find((s) => s.status !== 'expired' && s.plan === view.plan) ?? null

  const choose = (plan: PlanName, billing: SubscriptionType) => {
    const action = planAction(view, plan, billing)
    if (action === 'current') toast.info(t('app:messages.payments.alreadyHavePlan'), { id: 'same-plan' })
    else if (action === 'change') actions.change.mutate({ plan, billingType: billing })
    else actions.subscribe.mutate({ plan, billingType: billing })
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 pt-6 pb-12 sm:px-6 lg:px-8 lg:pt-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold tracking-tight text-fg sm:text-2xl">{t('pricing:heading')}</h2>
          <p className="mt-1 max-w-2xl text-[13px] leading-relaxed text-fg-muted sm:text-sm">
            {t('pricing:intro')}
          </p>
        </div>
        {config.data?.testMode && (
          <div data-testid="test-mode" className="flex max-w-md items-start gap-2 sm:justify-end">
            <Pill tone="amber" className="shrink-0 uppercase tracking-wide">
              <FlaskConical className="size-3" aria-hidden />
              {t('pricing:testMode.badge')}
            </Pill>
            <p className="text-xs leading-5 text-fg-muted">
              {t(config.data.provider === 'local' ? 'pricing:testMode.local' : 'pricing:testMode.stripe')}
            </p>
          </div>
        )}
      </header>

      <CheckoutResult outcome={outcome} onDismiss={dismiss} />
      <CancelledBanner
        view={view}
        onPortal={() => actions.portal.mutate()}
        portalBusy={actions.portal.isPending}
        onResume={current ? () => actions.resume.mutate(current.id) : null}
        resumeBusy={actions.resume.isPending}
      />
      <SubscriptionPanel
        view={view}
        onPortal={() => actions.portal.mutate()}
        portalBusy={actions.portal.isPending}
        onCancel={() => actions.cancel.mutateAsync().catch(() => {})}
        cancelBusy={actions.cancel.isPending}
      />

      <BillingToggle value={tab} onChange={setTab} />

      {tab === 'a-la-carte' ? (
        <ALaCarte onBuy={setBuying} />
      ) : plans.isPending ? (
        <div className="grid min-h-64 place-items-center">
          <Spinner />
        </div>
      ) : plans.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
          <p className="text-sm text-fg">{t('app:messages.payments.loadPlans')}</p>
          <Button variant="outline" onClick={() => plans.refetch()}>
            {t('pricing:retry')}
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3 lg:gap-6">
          {plans.data.map((plan) => {
            const action = planAction(view, plan.name, tab)
            const pending =
              (actions.subscribe.isPending && actions.subscribe.variables?.plan === plan.name) ||
              (actions.change.isPending && action === 'change')
            return (
              <PlanCard
                key={plan.id}
                plan={plan}
                billing={tab}
                action={action}
                current={view.state !== 'none' && view.plan === plan.name}
                busy={pending}
                disabled={leaving}
                onChoose={() => choose(plan.name, tab)}
              />
            )
          })}
        </div>
      )}

      <ul className="flex flex-col items-center gap-1 text-center text-xs text-fg-muted">
        <li>{t('pricing:notes.credits')}</li>
        <li>{t('pricing:notes.cancel')}</li>
        <li>{t('pricing:notes.prices')}</li>
      </ul>

      <PurchaseDialog
        initial={buying}
        onClose={() => setBuying(undefined)}
        onConfirm={(amount) => actions.buyCredits.mutate(amount)}
        busy={actions.buyCredits.isPending}
        testMode={config.data?.testMode ?? false}
      />
    </div>
  )
}
