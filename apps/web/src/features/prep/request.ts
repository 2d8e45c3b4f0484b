import { type EngineId, LIGHT_STRENGTH_DEFAULT, priceOf, type SkyMood } from '@parti/contract'
import { appendInput, type InputImage } from '../create/inputImage'
import { creditsReason, type Reason } from '../create/readiness'
import type { StartJobInput } from '../create/useStartJob'

/** The corrections of the photo prep screen, in the order a listing photo usually takes them. */
export const PREP_TOOLS = ['straighten', 'light', 'sky', 'dusk'] as const
export type PrepTool = (typeof PREP_TOOLS)[number]

/** docs/product.md#pricing: each correction at one price whatever the photo. */
export const PREP_COSTS: Record<PrepTool, number> = {
  straighten: priceOf('straighten'),
  light: priceOf('light'),
  sky: priceOf('sky'),
  dusk: priceOf('dusk'),
}
export const STRAIGHTEN_COST = PREP_COSTS.straighten

export interface PrepOptions {
  /** better light: 0–100 % (docs/decisions/0109-light.md) */
  strength: number
  /** new sky: the mood (docs/decisions/0110-sky-and-dusk.md) */
  sky: SkyMood
  /** the engine chosen where a hosted edit model is offered beside the built-in one; absent: the configured one */
  engine?: EngineId
}

/** The corrections a hosted edit model can redraw as a photoreal photo (docs/decisions/0125-hosted-sky-and-dusk.md). */
const HOSTED_PREP: readonly PrepTool[] = ['sky', 'dusk']

/**
 * The engines to choose between for a correction, the configured one first, when more than one serves it
 * (docs/product.md#engine-choice); null when there is nothing to choose (no hosted engine configured for it).
 */
export function prepEngineOffer(tool: PrepTool, engines: readonly string[] | undefined): EngineId[] | null {
  if (!HOSTED_PREP.includes(tool) || !engines || engines.length < 2) return null
  return engines as EngineId[]
}

export const DEFAULT_PREP_OPTIONS: PrepOptions = { strength: LIGHT_STRENGTH_DEFAULT, sky: 'blue' }

/** POST /api/render/start for one correction: the photo (or the chosen page of a PDF, or an earlier result). */
export function prepRequest(
  tool: PrepTool,
  photo: InputImage,
  options = DEFAULT_PREP_OPTIONS,
): StartJobInput {
  const form = new FormData()
  form.append('generationType', tool)
  appendInput(form, 'image', photo)
  if (tool === 'light') form.append('strength', String(options.strength))
  if (tool === 'sky') form.append('sky', options.sky)
  if (options.engine && HOSTED_PREP.includes(tool)) form.append('engine', options.engine)
  return { endpoint: '/render/start', body: form }
}

/** POST /api/render/start for straighten verticals: the photo, nothing else. */
export const straightenRequest = (photo: InputImage) => prepRequest('straighten', photo)

/** Why a correction cannot run yet: a photo, and the credits (docs/decisions/0101-straighten-verticals.md). */
export function prepReadiness(input: { hasPhoto: boolean; credits: number; tool?: PrepTool }): Reason[] {
  const reasons: Reason[] = []
  if (!input.hasPhoto) reasons.push({ code: 'room_photo_required', field: 'image' })
  return [...reasons, ...creditsReason(PREP_COSTS[input.tool ?? 'straighten'], input.credits)]
}
