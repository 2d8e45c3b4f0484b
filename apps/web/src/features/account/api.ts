import type { ChangeEmailRequest, ChangePasswordRequest, Language } from '@parti/contract'
import { call } from '../../lib/api'

// The account calls of docs/product.md#account.

export const accountKey = ['account'] as const

export const fetchAccount = (signal?: AbortSignal) => call('GET /account', { signal })

export const requestPasswordReset = (email: string, language: Language) =>
  call('POST /auth/password-reset', { body: { email, language } })

export const confirmPasswordReset = (token: string, password: string) =>
  call('POST /auth/password-reset/confirm', { body: { token, password } })

export const verifyEmail = (token: string) => call('POST /auth/verify-email', { body: { token } })

export const confirmEmailChange = (token: string) =>
  call('POST /auth/email-change/confirm', { body: { token } })

export const resendVerification = () => call('POST /account/verify-email/resend')

export const changePassword = (body: ChangePasswordRequest) => call('POST /account/password', { body })

export const changeEmail = (body: ChangeEmailRequest) => call('POST /account/email', { body })

export const signOutEverywhere = () => call('POST /account/sign-out-everywhere')

export const saveLanguage = (language: Language) => call('PUT /account/language', { body: { language } })

export const saveNotifications = (videoReady: boolean) =>
  call('PUT /account/notifications', { body: { videoReady } })
