import type { Step } from '@parti/contract'
import type { ModelTiers } from '../plan-rules.ts'

/** Image editing: Ask Parti and lasso inpainting. */
export const GEMINI_STEPS = ['magic-edit', 'inpaint'] as const satisfies readonly Step[]

export const GEMINI_DEFAULT_MODELS: Record<(typeof GEMINI_STEPS)[number], ModelTiers> = {
  'magic-edit': { default: 'gemini-2.5-flash-image' },
  inpaint: { default: 'gemini-2.5-flash-image' },
}
