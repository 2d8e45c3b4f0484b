import type { EngineTaskKind } from '../types.ts'

/**
 * What the local engine says of each step: the model name it reports (in the generation's facts and the
 * start-up line), and what the user sees when something unexpected breaks (docs/product.md#errors-generation).
 */
export const LOCAL_STEPS: Record<EngineTaskKind, { model: string; failure: string }> = {
  sketch: { model: 'local-sketch-v1', failure: 'Failed to render sketch' },
  'multi-angle': { model: 'local-views-v1', failure: 'Failed to render sketch' },
  'staging-clean': { model: 'local-staging-v1', failure: 'Failed to process the room photo' },
  'staging-stage': { model: 'local-staging-v1', failure: 'Failed to process the room photo' },
  inpaint: { model: 'local-inpaint-telea-v1', failure: 'Inpainting failed' },
  'magic-edit': { model: 'local-edit-v1', failure: "Sorry, I couldn't edit your image. Please try again" },
  animate: { model: 'local-camera-v1', failure: 'Failed to generate video' },
}

/** Model names the local engine reports per step. */
export const LOCAL_MODELS = Object.fromEntries(
  Object.entries(LOCAL_STEPS).map(([step, { model }]) => [step, model]),
) as Record<EngineTaskKind, string>
