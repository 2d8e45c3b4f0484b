import {
  type GenerationMode,
  type GenerationStatus,
  type GenerationType,
  KINDS,
  type MediaType,
} from '@parti/contract'

/**
 * docs/product.md#job-states: pending → processing → completed | failed; processing may go back to pending
 * (retry, release).
 */
const TRANSITIONS: Record<GenerationStatus, readonly GenerationStatus[]> = {
  pending: ['processing', 'failed'],
  processing: ['completed', 'failed', 'pending'],
  completed: [],
  failed: [],
}
export const canTransition = (from: GenerationStatus, to: GenerationStatus): boolean =>
  TRANSITIONS[from].includes(to)

/** Which generationType and media type a kind belongs to (the counters group by generationType). */
export function classify(mode: GenerationMode): { generationType: GenerationType; type: MediaType } {
  const { generationType, type } = KINDS[mode]
  return { generationType, type }
}

/** The stats key of the job counts (docs/product.md#job-counts) for a generationType. */
export const COUNTER_OF: Record<GenerationType, 'chatEdit' | 'video' | 'sketchRender' | 'homeStaging'> = {
  'chat-edit': 'chatEdit',
  'video-render': 'video',
  'sketch-render': 'sketchRender',
  'home-staging': 'homeStaging',
}

/**
 * What to give back when a job ends badly (refunded in full when it fails,
 * docs/decisions/0006-debit-at-acceptance-refund-on-failure.md; home staging per phase,
 * docs/decisions/0007-failed-staging-phase-keeps-cleaned-image.md). `completedPhaseCost` is the credits of
 * phases that did complete and whose result the user keeps.
 */
export function refundFor(creditsCost: number, alreadyRefunded: number, completedPhaseCost = 0): number {
  return Math.max(0, creditsCost - alreadyRefunded - completedPhaseCost)
}

/** Exponential backoff with jitter for transient failures: 2 s, 4 s, 8 s… capped at 60 s. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt - 1))
  return Math.round(base * (0.75 + random() * 0.5))
}
