import type { TFunction } from 'i18next'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from './api'

/**
 * The text a screen shows for a failure: the translated catalogue text for the error code
 * (docs/product.md#errors), with the figures of insufficient-credits filled in. The server's English message
 * is never shown as-is.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors.internal')
  if (error.code === 'insufficient_credits') {
    const required = Number(error.details?.required)
    if (Number.isFinite(required)) return t('errorDetails.insufficientCredits', { required })
  }
  if (error.code === 'provider_sign_in') {
    // docs/product.md#account: a password sign-in to a Google or Apple account names the way in
    const provider = error.details?.provider === 'apple' ? 'Apple' : 'Google'
    return t('errors.provider_sign_in', { provider })
  }
  return t(`errors.${error.code}`)
}

export function useErrorText() {
  const { t } = useTranslation()
  return useCallback((error: unknown) => errorText(t, error), [t])
}
