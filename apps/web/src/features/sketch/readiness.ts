import { priceOf } from '@parti/contract'
import { creditsReason, type Reason } from '../create/readiness'

/** docs/product.md#pricing: one image, 20 credits. */
export const SKETCH_RENDER_COST = priceOf('sketch')

/** docs/product.md#pricing: 20 credits per angle, for each sketch of a Pro batch. */
export function multiAngleCost(angles: number, sketches: number): number {
  return priceOf('multi-angle') * angles * Math.max(1, sketches)
}

/** Why "Render sketch" cannot run yet (docs/product.md#validation-sketch). */
export function sketchRenderReadiness(input: {
  hasSketch: boolean
  description: string
  credits: number
  /** each variation is priced on its own (docs/product.md#variations) */
  variations?: number
}): Reason[] {
  const reasons: Reason[] = []
  if (!input.hasSketch) reasons.push({ code: 'sketch_required', field: 'sketch' })
  if (!input.description.trim()) reasons.push({ code: 'description_required', field: 'userPrompt' })
  return [...reasons, ...creditsReason(SKETCH_RENDER_COST * (input.variations ?? 1), input.credits)]
}

/**
 * Why "Generate views" cannot run yet (docs/product.md#validation-multi-angle: file, building description, an
 * angle).
 */
export function multiAngleReadiness(input: {
  sketches: number
  description: string
  angles: number
  /** of the chosen angles, those the engine can make (docs/product.md#capabilities); all when not given */
  doableAngles?: number
  credits: number
}): Reason[] {
  const reasons: Reason[] = []
  const doable = input.doableAngles ?? input.angles
  if (input.sketches === 0) reasons.push({ code: 'sketch_required', field: 'sketch' })
  if (!input.description.trim()) reasons.push({ code: 'building_description_required', field: 'userPrompt' })
  if (input.angles === 0) reasons.push({ code: 'angle_required', field: 'angles' })
  else if (doable === 0) reasons.push({ code: 'not_offered', field: 'angles' })
  // the cost is only known once there is an angle to pay for, and is of the angles that will be made
  if (doable > 0) reasons.push(...creditsReason(multiAngleCost(doable, input.sketches), input.credits))
  return reasons
}
