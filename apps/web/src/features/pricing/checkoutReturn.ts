/**
 * docs/product.md#checkout-return: after a checkout the provider sends the browser back to /pricing with
 * session_id, success and type (one-time for a one-off payment), or with canceled. They are read once, then
 * cleared from the address.
 */
export type CheckoutReturn =
  | { kind: 'none' }
  | { kind: 'canceled' }
  | { kind: 'session'; sessionId: string; oneTime: boolean }

const RETURN_PARAMS = ['session_id', 'success', 'type', 'canceled'] as const

export function parseCheckoutReturn(params: URLSearchParams): CheckoutReturn {
  if (params.get('canceled') === 'true') return { kind: 'canceled' }
  const sessionId = params.get('session_id')?.trim()
  // a provider's id: letters, digits and underscores; anything else is not ours to look up
  if (sessionId && /^[\w-]{1,100}$/.test(sessionId))
    return { kind: 'session', sessionId, oneTime: params.get('type') === 'one-time' }
  return { kind: 'none' }
}

/** The tab to open on: back from a one-off payment (paid or not), À la carte, where it was started. */
export function returnTab(params: URLSearchParams): 'a-la-carte' | null {
  return params.get('type') === 'one-time' && (params.has('session_id') || params.get('canceled') === 'true')
    ? 'a-la-carte'
    : null
}

/** The same address without the return parameters (others, such as a tab, stay). */
export function withoutReturnParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const name of RETURN_PARAMS) next.delete(name)
  return next
}
