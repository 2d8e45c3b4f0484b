import type { Step } from '@parti/contract'
import type { ModelTiers } from '../plan-rules.ts'

/** fal endpoints wired for each kind (docs/hosted-engines.md says why); the id is the queue path. */
export const FAL_DEFAULT_MODELS: Record<Step, ModelTiers> = {
  sketch: { default: 'fal-ai/flux-pro/v1/canny' },
  'multi-angle': { default: 'fal-ai/flux-pro/kontext' },
  'staging-clean': { default: 'fal-ai/flux-pro/kontext' },
  'staging-stage': { default: 'fal-ai/flux-pro/kontext' },
  inpaint: { default: 'fal-ai/flux-pro/v1/fill' },
  'magic-edit': { default: 'fal-ai/flux-pro/kontext' },
  animate: {
    default: 'fal-ai/kling-video/v2.1/standard/image-to-video',
    premium: 'fal-ai/kling-video/v2.1/master/image-to-video',
  },
}
