import type { CheckoutSession } from '@parti/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { refreshSession } from '../../auth/session'
import { fetchCheckoutSession, pricingKeys } from '../api'
import { parseCheckoutReturn, withoutReturnParams } from '../checkoutReturn'

export type CheckoutOutcome =
  | { status: 'checking' }
  | { status: 'paid'; oneTime: boolean; session: CheckoutSession }
  | { status: 'processing' }
  | { status: 'cancelled' }
  | { status: 'error' }

/**
 * Payment return (docs/product.md#checkout-return, docs/product.md#payment-return): read session_id, success,
 * type and canceled once, clear them from the address, then ask the server about the session: paid is a
 * success (subscription created, or credits added);
 * anything else is still processing.
 */
export function useCheckoutReturn() {
  const [params, setParams] = useSearchParams()
  const [outcome, setOutcome] = useState<CheckoutOutcome | null>(null)
  const qc = useQueryClient()
  const handled = useRef(false)

  useEffect(() => {
    if (handled.current) return
    const found = parseCheckoutReturn(params)
    if (found.kind === 'none') return
    handled.current = true
    setParams(withoutReturnParams(params), { replace: true })
    if (found.kind === 'canceled') {
      setOutcome({ status: 'cancelled' })
      return
    }
    setOutcome({ status: 'checking' })
    fetchCheckoutSession(found.sessionId).then(
      async (session) => {
        const oneTime = found.oneTime || session.mode === 'payment'
        setOutcome(
          session.payment_status === 'paid' ? { status: 'paid', oneTime, session } : { status: 'processing' },
        )
        await refreshSession()
        await qc.invalidateQueries({ queryKey: pricingKeys.subscriptions })
      },
      () => setOutcome({ status: 'error' }),
    )
  }, [params, setParams, qc])

  return { outcome, dismiss: () => setOutcome(null) }
}
