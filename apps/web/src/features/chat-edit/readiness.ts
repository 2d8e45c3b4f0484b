import { priceOf } from '@parti/contract'
import { creditsReason, type Reason } from '../create/readiness'

/** docs/product.md#pricing: an edit is an image generation, 20 credits. */
export const EDIT_COST = priceOf('magic-edit')

/**
 * Why Send cannot run yet. docs/product.md#validation-chat has one message for a missing prompt or a missing
 * image ('Please provide a prompt and select an image to edit.'); it points at whichever is missing first.
 */
export function chatReadiness(input: {
  hasImage: boolean
  prompt: string
  credits: number
  /** how many variations are asked for, each priced on its own (docs/product.md#variations) */
  variations?: number
}): Reason[] {
  const reasons: Reason[] = []
  if (!input.hasImage || !input.prompt.trim())
    reasons.push({ code: 'chat_prompt_image_required', field: input.prompt.trim() ? 'image' : 'prompt' })
  return [...reasons, ...creditsReason(EDIT_COST * (input.variations ?? 1), input.credits)]
}
