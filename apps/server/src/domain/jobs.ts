import {
  type ChargeState,
  type CreditTransactionKind,
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

/** The ledger rows that belong to a job: what it holds, captures and releases (and the older debit and refund). */
export const JOB_LEDGER_KINDS: ReadonlySet<string> = new Set<CreditTransactionKind>([
  'hold',
  'capture',
  'release',
  'debit',
  'refund',
])

/**
 * Where a job's credits stand (docs/product.md#credit-holds): held while it is pending or processing; once it
 * ended, charged for what it delivered (its cost less what was released) and not charged for the rest.
 */
export function chargeOf(
  status: string,
  creditsCost: number,
  creditsReleased: number,
): { charge: ChargeState; creditsCharged: number } {
  if (status === 'pending' || status === 'processing') return { charge: 'held', creditsCharged: 0 }
  const charged = Math.max(0, creditsCost - creditsReleased)
  if (charged === 0 && (status === 'failed' || creditsCost > 0))
    return { charge: 'not_charged', creditsCharged: 0 }
  return { charge: charged >= creditsCost ? 'charged' : 'partly_charged', creditsCharged: charged }
}

/**
 * What to release when a job ends badly (all of it when it fails,
 * docs/decisions/0062-credits-held-then-captured.md; home staging per phase,
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
