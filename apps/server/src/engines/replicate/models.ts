import type { Step } from '@parti/contract'
import type { ModelTiers } from '../plan-rules.ts'

/**
 * The steps this provider is wired for, each with a model below. A new step is not offered here until it is
 * added to this list with its model (and its inputs are mapped): the engine settings refuse it until then.
 */
export const REPLICATE_STEPS = [
  'sketch',
  'multi-angle',
  'staging-clean',
  'staging-stage',
  'inpaint',
  'magic-edit',
  'animate',
  // listing photo prep on the instruction editor Ask Parti uses: a photoreal sky and dusk
  // (docs/decisions/0125-hosted-sky-and-dusk.md)
  'sky',
  'dusk',
] as const satisfies readonly Step[]

/**
 * Replicate models wired for each kind (docs/hosted-engines.md says why). `owner/name` runs the model's
 * latest version through /models/{owner}/{name}/predictions; `owner/name:<version>` pins a version.
 */
export const REPLICATE_DEFAULT_MODELS: Record<(typeof REPLICATE_STEPS)[number], ModelTiers> = {
  // the sketch's clean lines steer the render (canny ControlNet); flux-depth-pro is the depth alternative
  sketch: { default: 'black-forest-labs/flux-canny-pro' },
  // a new viewpoint needs a model that may move the camera: an instruction editor, not a ControlNet
  'multi-angle': { default: 'black-forest-labs/flux-kontext-pro' },
  'staging-clean': { default: 'black-forest-labs/flux-kontext-pro' },
  'staging-stage': {
    default: 'adirik/interior-design:76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38',
  },
  // white = repaint, the same convention as our lasso masks
  inpaint: { default: 'black-forest-labs/flux-fill-pro' },
  'magic-edit': { default: 'black-forest-labs/flux-kontext-pro' },
  // image-to-video with the camera move in words; 5 or 10 s clips, 1080p in the master tier
  animate: { default: 'kwaivgi/kling-v2.1', premium: 'kwaivgi/kling-v2.1-master' },
  sky: { default: 'black-forest-labs/flux-kontext-pro' },
  dusk: { default: 'black-forest-labs/flux-kontext-pro' },
}
