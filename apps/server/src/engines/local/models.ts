import type { EngineTaskKind } from '../types.ts'

/** Model names the local engine reports per step (in the generation's facts and the start-up line). */
export const LOCAL_MODELS: Record<EngineTaskKind, string> = {
  sketch: 'local-sketch-v1',
  'multi-angle': 'local-views-v1',
  'staging-clean': 'local-staging-v1',
  'staging-stage': 'local-staging-v1',
  inpaint: 'local-inpaint-telea-v1',
  'magic-edit': 'local-edit-v1',
  animate: 'local-camera-v1',
}
