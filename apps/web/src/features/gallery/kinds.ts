import { GENERATION_MODES, type Generation, type GenerationMode } from '@parti/contract'

/** Filters list kinds in the contract's order. */
export const KIND_ORDER: readonly GenerationMode[] = GENERATION_MODES

export const isPending = (g: Pick<Generation, 'status'>) =>
  g.status === 'pending' || g.status === 'processing'

/** The image a result is compared against: the source for edits and videos, the sketch or room photo else. */
export function beforeUrl(g: Generation): string | null {
  return g.sourceImageUrl ?? g.inputImageUrl ?? null
}
