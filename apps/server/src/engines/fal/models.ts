import type { Step } from '@parti/contract'
import type { ModelTiers } from '../plan-rules.ts'

/**
 * The steps this provider is wired for, each with a model below. A new step is not offered here until it is
 * added to this list with its model (and its inputs are mapped): the engine settings refuse it until then.
 */
export const FAL_STEPS = [
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

/** fal endpoints wired for each kind (docs/hosted-engines.md says why); the id is the queue path. */
export const FAL_DEFAULT_MODELS: Record<(typeof FAL_STEPS)[number], ModelTiers> = {
  sketch: { default: 'fal-ai/flux-lora-canny' },
  'multi-angle': { default: 'fal-ai/flux-pro/kontext' },
  'staging-clean': { default: 'fal-ai/flux-pro/kontext' },
  'staging-stage': { default: 'fal-ai/flux-pro/kontext' },
  inpaint: { default: 'fal-ai/flux-pro/v1/fill' },
  'magic-edit': { default: 'fal-ai/flux-pro/kontext' },
  animate: {
    default: 'fal-ai/kling-video/v2.1/standard/image-to-video',
    premium: 'fal-ai/kling-video/v2.1/master/image-to-video',
  },
  sky: { default: 'fal-ai/flux-pro/kontext' },
  dusk: { default: 'fal-ai/flux-pro/kontext' },
}
