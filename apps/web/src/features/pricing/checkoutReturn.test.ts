import { describe, expect, it } from 'vitest'
import { parseCheckoutReturn, returnTab, withoutReturnParams } from './checkoutReturn'

const p = (s: string) => new URLSearchParams(s)

describe('checkout return', () => {
  it('opens À la carte again after a one-off payment, paid or cancelled', () => {
    expect(returnTab(p('session_id=cs_test_1&success=true&type=one-time'))).toBe('a-la-carte')
    expect(returnTab(p('canceled=true&type=one-time'))).toBe('a-la-carte')
    expect(returnTab(p('session_id=cs_test_1&success=true&type=subscription'))).toBeNull()
    expect(returnTab(p('type=one-time'))).toBeNull()
  })
  it('reads a session, one-time or subscription', () => {
    expect(parseCheckoutReturn(p('session_id=cs_test_1&success=true&type=one-time'))).toEqual({
      kind: 'session',
      sessionId: 'cs_test_1',
      oneTime: true,
    })
    expect(parseCheckoutReturn(p('session_id=cs_test_1&success=true&type=subscription'))).toMatchObject({
      oneTime: false,
    })
  })
  it('reads a cancelled checkout', () => {
    expect(parseCheckoutReturn(p('canceled=true'))).toEqual({ kind: 'canceled' })
  })
  it('ignores nothing, an unfilled placeholder or a malformed id', () => {
    expect(parseCheckoutReturn(p(''))).toEqual({ kind: 'none' })
    expect(parseCheckoutReturn(p('session_id={CHECKOUT_SESSION_ID}'))).toEqual({ kind: 'none' })
    expect(parseCheckoutReturn(p('session_id=../../user/profile'))).toEqual({ kind: 'none' })
  })
  it('clears only the return parameters', () => {
    expect(
      withoutReturnParams(p('session_id=x&success=true&type=one-time&canceled=true&tab=credits')).toString(),
    ).toBe('tab=credits')
  })
})
