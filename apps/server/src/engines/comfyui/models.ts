import type { Step } from '@parti/contract'
import type { ModelTiers } from '../plan-rules.ts'

/**
 * The steps this provider is wired for, each with a model below. A new step is not offered here until it is
 * added to this list with its model (and its inputs are mapped): the engine settings refuse it until then.
 */
export const COMFYUI_STEPS = [
  'sketch',
  'multi-angle',
  'staging-clean',
  'staging-stage',
  'inpaint',
  'magic-edit',
  'animate',
] as const satisfies readonly Step[]

/**
 * For ComfyUI a "model" is a workflow template: comfyui/workflows/<name>.json (or COMFYUI_WORKFLOWS_DIR),
 * an API-format graph whose checkpoints the studio's GPU servers must have installed.
 */
export const COMFYUI_DEFAULT_MODELS: Record<(typeof COMFYUI_STEPS)[number], ModelTiers> = {
  sketch: { default: 'sketch-sdxl-canny' },
  'multi-angle': { default: 'multi-angle-sdxl' },
  'staging-clean': { default: 'staging-clean-sdxl' },
  'staging-stage': { default: 'staging-stage-sdxl' },
  inpaint: { default: 'inpaint-sdxl' },
  'magic-edit': { default: 'magic-edit-qwen-image-edit' },
  animate: { default: 'animate-wan21-i2v' },
}
