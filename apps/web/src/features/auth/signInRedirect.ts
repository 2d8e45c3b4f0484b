import type { TFunction } from 'i18next'

/** The query parameters the server's sign-in redirects add (apps/server/src/http/oidc-routes.ts). */
const SIGN_IN_PARAMS = ['authError', 'provider', 'reason', 'signedIn'] as const

export type SignInNotice = { kind: 'success' } | { kind: 'error'; text: string } | null

/**
 * The sign-in messages of docs/product.md#errors-sign-in for
 * `/?authError=<code>&provider=<google|apple>[&reason=<oauth code>]`, worded without a vendor console
 * (docs/decisions/0012-sign-in-errors-without-vendor-name.md). Apple's failures show Apple's own reason when
 * it sent one.
 */
export function signInNotice(t: TFunction, params: URLSearchParams): SignInNotice {
  if (params.get('signedIn')) return { kind: 'success' }
  const code = params.get('authError')
  if (!code) return null
  const apple = params.get('provider') === 'apple'
  const reason = params.get('reason')
  const text = (() => {
    switch (code) {
      case 'not_enabled':
        return apple ? t('auth.redirectErrors.appleNotEnabled') : t('auth.redirectErrors.googleNotEnabled')
      case 'not_configured':
        return apple
          ? t('auth.redirectErrors.appleNotConfigured')
          : t('auth.redirectErrors.googleNotConfigured')
      case 'cancelled':
        return t('auth.redirectErrors.cancelled')
      case 'network':
        return t('auth.redirectErrors.network')
      default:
        if (apple && reason && /^[a-z_]{1,40}$/.test(reason)) {
          return t('auth.redirectErrors.appleFailedWithReason', { reason })
        }
        return apple ? t('auth.redirectErrors.appleFailed') : t('auth.redirectErrors.googleFailed')
    }
  })()
  return { kind: 'error', text }
}

/** The address without the sign-in parameters, for history.replace. */
export function withoutSignInParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const name of SIGN_IN_PARAMS) next.delete(name)
  return next
}
