import { priceOf } from '@parti/contract'
import { creditsReason, type Reason } from '../create/readiness'

/** docs/product.md#pricing: 40 credits, 20 for cleaning and 20 for staging. */
export const STAGING_COST = priceOf('staging')

/**
 * Why "Stage room" cannot run yet (docs/product.md#validation-staging: a room photo; docs/product.md#capabilities:
 * something asked that the engine can do). The cost is of the steps that will run (20 when it can only clean).
 */
export function stagingReadiness(input: {
  hasPhoto: boolean
  credits: number
  cost?: number
  refused?: boolean
}): Reason[] {
  const reasons: Reason[] = []
  if (!input.hasPhoto) reasons.push({ code: 'room_photo_required', field: 'image' })
  if (input.refused) return [...reasons, { code: 'not_offered', field: 'options' }]
  return [...reasons, ...creditsReason(input.cost ?? STAGING_COST, input.credits)]
}
