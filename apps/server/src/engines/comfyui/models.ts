import type { Step } from '@parti/contract'
import type { ModelTiers } from '../plan-rules.ts'

/**
 * For ComfyUI a "model" is a workflow template: comfyui/workflows/<name>.json (or COMFYUI_WORKFLOWS_DIR),
 * an API-format graph whose checkpoints the studio's GPU servers must have installed.
 */
export const COMFYUI_DEFAULT_MODELS: Record<Step, ModelTiers> = {
  sketch: { default: 'sketch-sdxl-canny' },
  'multi-angle': { default: 'multi-angle-sdxl' },
  'staging-clean': { default: 'staging-clean-sdxl' },
  'staging-stage': { default: 'staging-stage-sdxl' },
  inpaint: { default: 'inpaint-sdxl' },
  'magic-edit': { default: 'magic-edit-flux-kontext' },
  animate: { default: 'animate-wan21-i2v' },
}
