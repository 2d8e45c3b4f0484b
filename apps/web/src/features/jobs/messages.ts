import { type FailureNotice, type Generation, KINDS } from '@parti/contract'

/**
 * Which failure notice of docs/product.md#errors-generation a failed job shows, by what it was and why it
 * failed. Returns a key of the `jobs` namespace; the server's English `error` is never shown as is.
 */
export type FailureKey = 'failure.cancelled' | 'failure.chatProcess' | `failure.${FailureNotice}`

export function failureMessageKey(g: Pick<Generation, 'mode' | 'errorCode'>): FailureKey {
  if (g.errorCode === 'cancelled') return 'failure.cancelled'
  if (g.mode === 'magic-edit' && (g.errorCode === 'unsupported_request' || g.errorCode === 'invalid_input'))
    return 'failure.chatProcess'
  return `failure.${KINDS[g.mode].failure}`
}

export function successMessageKey(g: Pick<Generation, 'type'>): 'success.video' | 'success.image' {
  return g.type === 'video' ? 'success.video' : 'success.image'
}
