import type { Generation } from '@parti/contract'

/**
 * Which spec §8 failure notice a failed job shows, by what it was and why it failed. Returns a key of the
 * `jobs` namespace; the server's English `error` is never shown as is.
 */
export type FailureKey =
  | 'failure.cancelled'
  | 'failure.chatProcess'
  | 'failure.chatEdit'
  | 'failure.inpaint'
  | 'failure.video'
  | 'failure.staging'
  | 'failure.render'

export function failureMessageKey(g: Pick<Generation, 'mode' | 'errorCode'>): FailureKey {
  if (g.errorCode === 'cancelled') return 'failure.cancelled'
  switch (g.mode) {
    case 'magic-edit':
      return g.errorCode === 'unsupported_request' || g.errorCode === 'invalid_input'
        ? 'failure.chatProcess'
        : 'failure.chatEdit'
    case 'inpaint':
      return 'failure.inpaint'
    case 'animate':
      return 'failure.video'
    case 'staging':
      return 'failure.staging'
    default:
      return 'failure.render'
  }
}

export function successMessageKey(g: Pick<Generation, 'type'>): 'success.video' | 'success.image' {
  return g.type === 'video' ? 'success.video' : 'success.image'
}
