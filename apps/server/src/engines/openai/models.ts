import type { ModelTable } from '../plan-rules.ts'

/** Pinned, so a new default at OpenAI does not change results or prices unannounced. */
export const OPENAI_DEFAULT_MODELS: ModelTable = {
  'magic-edit': { default: 'gpt-image-1' },
  inpaint: { default: 'gpt-image-1' },
}
