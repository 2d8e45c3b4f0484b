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

/** The server answered and could not make the provider's session (or page). */
const SERVER_FAILED: Record<PaymentAction, string> = {
  subscribe: 'checkoutSessionFailed',
  change: 'upgradeFailed',
  purchase: 'paymentSessionFailed',
  portal: 'portalSessionFailed',
  cancel: 'cancelFailed',
  verify: 'getSessionFailed',
  plans: 'loadPlans',
}

/** The call never got an answer (offline, timed out) or failed in the browser (the redirect). */
const NOT_REACHED: Record<PaymentAction, string> = {
  subscribe: 'checkoutRedirect',
  change: 'upgradeFailed',
  purchase: 'purchaseFailed',
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
    // 503: the payment provider is not configured or not answering yet
    if (error.code === 'unavailable' && action !== 'plans') return 'providerNotReady'
    if (error.status > 0) return SERVER_FAILED[action]
  }
  return NOT_REACHED[action]
}
