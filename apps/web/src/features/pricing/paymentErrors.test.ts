import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api'
import { paymentErrorKey } from './paymentErrors'

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
    expect(paymentErrorKey('portal', e)).toBe('portalFailed')
    expect(paymentErrorKey('change', e)).toBe('upgradeFailed')
    expect(paymentErrorKey('cancel', e)).toBe('cancelFailed')
    expect(paymentErrorKey('verify', new Error('x'))).toBe('verifyFailed')
  })
})
