import type { ModelTable } from '../plan-rules.ts'

export const GEMINI_DEFAULT_MODELS: ModelTable = {
  'magic-edit': { default: 'gemini-2.5-flash-image' },
  inpaint: { default: 'gemini-2.5-flash-image' },
}
