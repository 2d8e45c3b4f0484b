import type { Step } from '@parti/contract'
import type { ModelTiers } from '../plan-rules.ts'

/**
 * Image editing: Ask Parti, lasso inpainting, and a photoreal new sky and day to dusk
 * (docs/decisions/0125-hosted-sky-and-dusk.md).
 */
export const GEMINI_STEPS = ['magic-edit', 'inpaint', 'sky', 'dusk'] as const satisfies readonly Step[]

export const GEMINI_DEFAULT_MODELS: Record<(typeof GEMINI_STEPS)[number], ModelTiers> = {
  'magic-edit': { default: 'gemini-2.5-flash-image' },
  inpaint: { default: 'gemini-2.5-flash-image' },
  sky: { default: 'gemini-2.5-flash-image' },
  dusk: { default: 'gemini-2.5-flash-image' },
}
