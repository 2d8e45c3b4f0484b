import type { TFunction } from 'i18next'
import { isApiError } from '../../lib/api'

export type PaymentAction = 'subscribe' | 'change' | 'purchase' | 'portal' | 'cancel' | 'verify' | 'plans'

const SIGN_IN: Partial<Record<PaymentAction, string>> = {
  subscribe: 'signInUpgrade',
  change: 'signInUpgrade',
  portal: 'signInUpgrade',
  purchase: 'signInPurchase',
  cancel: 'signInCancel',
}

const FALLBACK: Record<PaymentAction, string> = {
  subscribe: 'checkoutSessionFailed',
  change: 'upgradeFailed',
  purchase: 'paymentSessionFailed',
  portal: 'portalFailed',
  cancel: 'cancelFailed',
  verify: 'verifyFailed',
  plans: 'loadPlans',
}

/**
 * The text of docs/product.md#errors-payments for a failed payments call, in the UI language. The key names
 * its namespace: the pricing page's `t` defaults to 'pricing', where these texts are not.
 */
export function paymentErrorText(
  t: TFunction<['pricing', 'app']>,
  action: PaymentAction,
  error: unknown,
): string {
  const key = paymentErrorKey(action, error)
  return t(`app:messages.payments.${key}` as 'app:messages.payments.purchaseFailed')
}

export function paymentErrorKey(action: PaymentAction, error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401 && SIGN_IN[action]) return SIGN_IN[action]
    if (error.details?.reason === 'same_plan') return 'alreadyHavePlan'
    // docs/product.md#errors-payments: 'You already have an active subscription' when the server's message
    // says so
    if (error.message.includes('You already have an active subscription')) return 'alreadySubscribed'
    if (action === 'purchase' && (error.code === 'network_error' || error.code === 'timeout'))
      return 'purchaseFailed'
  }
  return FALLBACK[action]
}
