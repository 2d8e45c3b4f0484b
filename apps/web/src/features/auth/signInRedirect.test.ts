import i18next, { type TFunction } from 'i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import en from '../../locales/en.json'
import { signInNotice, withoutSignInParams } from './signInRedirect'

let t: TFunction
beforeAll(async () => {
  const i18n = i18next.createInstance()
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  })
  t = i18n.t
})

const notice = (query: string) => signInNotice(t, new URLSearchParams(query))

describe('sign-in redirect messages', () => {
  it.each([
    ['authError=not_enabled&provider=google', 'Google sign-in is not enabled. Please contact support.'],
    ['authError=not_configured&provider=google', 'Google sign-in not configured. Please contact support.'],
    ['authError=cancelled&provider=google&reason=access_denied', 'Sign-in was cancelled. Please try again.'],
    ['authError=network&provider=google', 'Network error. Please check your connection.'],
    ['authError=failed&provider=google', 'Failed to sign in with Google. Please try again.'],
    ['authError=anything-else', 'Failed to sign in with Google. Please try again.'],
    ['authError=not_enabled&provider=apple', 'Apple sign-in is not enabled. Please contact support.'],
    [
      'authError=failed&provider=apple&reason=invalid_grant',
      'Apple could not sign you in (invalid_grant). Please try again.',
    ],
    [
      'authError=failed&provider=apple&reason=<b>call+us</b>',
      'Failed to sign in with Apple. Please try again.',
    ],
  ])('%s', (query, text) => {
    expect(notice(query)).toEqual({ kind: 'error', text })
  })

  it('says nothing without the parameters, and success after signing in', () => {
    expect(notice('tab=images')).toBeNull()
    expect(notice('signedIn=google')).toEqual({ kind: 'success' })
  })

  it('takes only its own parameters out of the address', () => {
    expect(withoutSignInParams(new URLSearchParams('tab=images&signedIn=apple')).toString()).toBe(
      'tab=images',
    )
    expect(
      withoutSignInParams(new URLSearchParams('authError=failed&provider=google&reason=x')).toString(),
    ).toBe('')
  })
})
