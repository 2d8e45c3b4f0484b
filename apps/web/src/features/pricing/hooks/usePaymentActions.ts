import type { PlanName, SubscriptionType } from '@parti/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { refreshSession } from '../../auth/session'
import {
  cancelSubscription,
  createALaCartePayment,
  createCheckoutSession,
  createPortalSession,
  goTo,
  pricingKeys,
  renewSubscription,
} from '../api'
import { creditsFor } from '../money'
import { type PaymentAction, paymentErrorKey, paymentErrorText } from '../paymentErrors'

/**
 * The pricing page's calls as mutations (docs/product.md#plan-change, docs/product.md#subscription-states): a
 * checkout for a new subscription, the billing portal for a plan change, a one-off purchase, cancel and
 * renew. Each shows its text of docs/product.md#errors-payments when it fails; the ones that leave for a
 * provider's page stay busy until the page unloads.
 */
export function usePaymentActions() {
  const { t } = useTranslation(['pricing', 'app'])
  const qc = useQueryClient()
  const fail = (action: PaymentAction) => (error: unknown) => {
    toast.error(paymentErrorText(t, action, error), { id: `payment-${action}` })
    // the profile this page decided on was stale (a plan bought in another tab): read it again
    if (paymentErrorKey(action, error).startsWith('already')) void refreshSession()
  }
  const leave = ({ url }: { url: string }) => {
    if (!url) throw new Error('no checkout page')
    goTo(url)
    // never settles: the browser is on its way to the checkout
    return new Promise<never>(() => {})
  }
  const redirectFailed = (action: PaymentAction) => (error: unknown) =>
    error instanceof Error && error.message === 'no checkout page'
      ? toast.error(t('app:messages.payments.checkoutRedirect'))
      : fail(action)(error)
  const afterChange = async () => {
    await refreshSession()
    await qc.invalidateQueries({ queryKey: pricingKeys.subscriptions })
  }

  const subscribe = useMutation({
    mutationFn: async (body: { plan: PlanName; billingType: SubscriptionType }) =>
      leave(await createCheckoutSession(body)),
    onError: redirectFailed('subscribe'),
  })
  const change = useMutation({
    // the portal opens on the plan and period the user clicked, not on its home
    mutationFn: async (choice: { plan: PlanName; billingType: SubscriptionType }) =>
      leave(await createPortalSession(choice)),
    onError: redirectFailed('change'),
  })
  const portal = useMutation({
    mutationFn: async () => leave(await createPortalSession()),
    onError: redirectFailed('portal'),
  })
  const buyCredits = useMutation({
    mutationFn: async (amount: number) =>
      leave(await createALaCartePayment({ amount, credits: creditsFor(amount) })),
    onError: redirectFailed('purchase'),
  })
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async () => {
      toast.success(t('app:messages.payments.cancelled'))
      await afterChange()
    },
    onError: fail('cancel'),
  })
  const resume = useMutation({
    mutationFn: renewSubscription,
    onSuccess: async () => {
      toast.success(t('pricing:subscription.resumed'))
      await afterChange()
    },
    onError: () => toast.error(t('pricing:subscription.resumeFailed')),
  })
  return { subscribe, change, portal, buyCredits, cancel, resume }
}
