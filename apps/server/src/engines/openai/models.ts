import type { Step } from '@parti/contract'
import type { ModelTiers } from '../plan-rules.ts'

/**
 * Image edits: Ask Parti, lasso inpainting, and a photoreal new sky and day to dusk
 * (docs/decisions/0125-hosted-sky-and-dusk.md).
 */
export const OPENAI_STEPS = ['magic-edit', 'inpaint', 'sky', 'dusk'] as const satisfies readonly Step[]

/** Pinned, so a new default at OpenAI does not change results or prices unannounced. */
export const OPENAI_DEFAULT_MODELS: Record<(typeof OPENAI_STEPS)[number], ModelTiers> = {
  'magic-edit': { default: 'gpt-image-1' },
  inpaint: { default: 'gpt-image-1' },
  sky: { default: 'gpt-image-1' },
  dusk: { default: 'gpt-image-1' },
}
