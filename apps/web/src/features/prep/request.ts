import { priceOf } from '@parti/contract'
import { appendInput, type InputImage } from '../create/inputImage'
import { creditsReason, type Reason } from '../create/readiness'
import type { StartJobInput } from '../create/useStartJob'

/** docs/product.md#pricing: straighten verticals, one price whatever the photo. */
export const STRAIGHTEN_COST = priceOf('straighten')

/** POST /api/render/start for straighten verticals: the photo (or the chosen page of a PDF), nothing else. */
export function straightenRequest(photo: InputImage): StartJobInput {
  const form = new FormData()
  form.append('generationType', 'straighten')
  appendInput(form, 'image', photo)
  return { endpoint: '/render/start', body: form }
}

/** Why "Straighten" cannot run yet: a photo, and the credits (docs/decisions/0101-straighten-verticals.md). */
export function prepReadiness(input: { hasPhoto: boolean; credits: number }): Reason[] {
  const reasons: Reason[] = []
  if (!input.hasPhoto) reasons.push({ code: 'room_photo_required', field: 'image' })
  return [...reasons, ...creditsReason(STRAIGHTEN_COST, input.credits)]
}
