import { priceOf } from '@parti/contract'
import { creditsReason, type Reason } from '../create/readiness'

/** docs/product.md#pricing: 40 credits, 20 for cleaning and 20 for staging. */
export const STAGING_COST = priceOf('staging')

/** Why "Stage room" cannot run yet (docs/product.md#validation-staging: a room photo). */
export function stagingReadiness(input: { hasPhoto: boolean; credits: number }): Reason[] {
  const reasons: Reason[] = []
  if (!input.hasPhoto) reasons.push({ code: 'room_photo_required', field: 'image' })
  return [...reasons, ...creditsReason(STAGING_COST, input.credits)]
}
