import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api'
import { paymentErrorKey, paymentErrorText } from './paymentErrors'

describe('payment messages', () => {
  it('sign-in messages by action', () => {
    const e = new ApiError(401, 'unauthorized', 'Please sign in')
    expect(paymentErrorKey('purchase', e)).toBe('signInPurchase')
    expect(paymentErrorKey('cancel', e)).toBe('signInCancel')
    expect(paymentErrorKey('subscribe', e)).toBe('signInUpgrade')
  })
  it('the current plan and an active subscription', () => {
    expect(
      paymentErrorKey(
        'subscribe',
        new ApiError(409, 'conflict', 'You already have this plan', { reason: 'same_plan' }),
      ),
    ).toBe('alreadyHavePlan')
    const active = new ApiError(
      409,
      'conflict',
      'You already have an active subscription. Change your plan in the billing portal.',
    )
    expect(paymentErrorKey('subscribe', active)).toBe('alreadySubscribed')
  })
  it('otherwise the action’s own failure', () => {
    const e = new ApiError(500, 'internal', 'boom')
    expect(paymentErrorKey('subscribe', e)).toBe('checkoutSessionFailed')
    expect(paymentErrorKey('purchase', e)).toBe('paymentSessionFailed')
    expect(paymentErrorKey('purchase', new ApiError(0, 'network_error', 'offline'))).toBe('purchaseFailed')
    expect(paymentErrorKey('portal', e)).toBe('portalSessionFailed')
    expect(paymentErrorKey('portal', new ApiError(0, 'timeout', 'slow'))).toBe('portalFailed')
    expect(paymentErrorKey('subscribe', new ApiError(0, 'network_error', 'offline'))).toBe('checkoutRedirect')
    expect(paymentErrorKey('change', e)).toBe('upgradeFailed')
    expect(paymentErrorKey('cancel', e)).toBe('cancelFailed')
    expect(paymentErrorKey('verify', new ApiError(404, 'not_found', 'Not found'))).toBe('getSessionFailed')
    expect(paymentErrorKey('verify', new Error('x'))).toBe('verifyFailed')
  })
  it('a payment provider that is not ready says so', () => {
    const e = new ApiError(503, 'unavailable', 'Stripe is not configured')
    expect(paymentErrorKey('subscribe', e)).toBe('providerNotReady')
    expect(paymentErrorKey('portal', e)).toBe('providerNotReady')
    expect(paymentErrorKey('plans', e)).toBe('loadPlans')
  })
})

describe('payment messages as the pricing page shows them', () => {
  const LANGS = ['en', 'es', 'fr', 'pt', 'de', 'nl', 'ar'] as const
  const errors = [
    new ApiError(401, 'unauthorized', 'Authentication required'),
    new ApiError(409, 'conflict', 'You already have an active subscription', { reason: 'same_plan' }),
    new ApiError(409, 'conflict', 'You already have an active subscription'),
    new ApiError(500, 'internal', 'boom'),
    new ApiError(0, 'network_error', 'offline'),
    new ApiError(503, 'unavailable', 'not ready'),
  ]
  const actions = ['subscribe', 'change', 'purchase', 'portal', 'cancel', 'verify', 'plans'] as const

  it.each(LANGS)(
    'every text is a sentence in %s, never a key (the page t defaults to pricing)',
    async (lng) => {
      const i18n = i18next.createInstance()
      const [pricing, app] = await Promise.all([
        import(`../../locales/pricing/${lng}.json`),
        import(`../../locales/app/${lng}.json`),
      ])
      await i18n.init({
        lng,
        ns: ['pricing', 'app'],
        defaultNS: 'pricing',
        resources: { [lng]: { pricing: pricing.default, app: app.default } },
        interpolation: { escapeValue: false },
      })
      // react-i18next's useTranslation(['pricing', 'app']) looks keys up in the first namespace only (nsMode 'default')
      const t = i18n.getFixedT(lng, 'pricing')
      for (const action of actions)
        for (const e of errors) {
          const text = paymentErrorText(t as never, action, e)
          expect(text, `${action} ${e.message}`).not.toMatch(/messages\.payments|^[a-zA-Z]+$/)
          expect(text.length).toBeGreaterThan(8)
        }
    },
  )
})
