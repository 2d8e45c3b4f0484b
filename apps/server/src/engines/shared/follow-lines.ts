import { DEFAULT_FOLLOW_LINES, type FollowLines } from '@parti/contract'
import type { EngineTask } from '../types.ts'

// "Follow my lines" mapped to each hosted engine's own parameter (docs/product.md#follow-lines). Balanced sends
// nothing new: the model's or the workflow's own value stays, as before the setting existed.

export function followLinesOf(task: EngineTask): FollowLines {
  return ('followLines' in task && task.followLines) || DEFAULT_FOLLOW_LINES
}

/** ComfyUI ControlNet: a factor on the workflow's strength, and on how far into the schedule the control lasts. */
const CONTROL_NET: Record<FollowLines, { strength: number; end: number }> = {
  loose: { strength: 0.65, end: 0.75 },
  balanced: { strength: 1, end: 1 },
  strict: { strength: 1.3, end: 1.25 },
}

/** FLUX canny/depth on Replicate: `guidance` (1–100; the model's defaults are 30 for canny, 15 for depth). */
export const FLUX_CONTROL_GUIDANCE: Record<FollowLines, { canny: number; depth: number } | null> = {
  loose: { canny: 15, depth: 8 },
  balanced: null,
  strict: { canny: 50, depth: 25 },
}

/**
 * FLUX canny/depth on fal: `guidance_scale`. The FLUX.1 [dev] structure endpoints (`fal-ai/flux-lora-canny`,
 * default 30 like Replicate's canny) take `dev`; the retired FLUX Pro ones (default 3.5) took `pro`.
 */
export const FAL_CONTROL_GUIDANCE: Record<FollowLines, { dev: number; pro: number } | null> = {
  loose: { dev: 15, pro: 2.5 },
  balanced: null,
  strict: { dev: 50, pro: 6 },
}

/** Image-to-image denoise (`prompt_strength`, 0–1): the lower, the closer to the photo's own geometry. */
export const PROMPT_STRENGTH: Record<FollowLines, number> = { loose: 0.9, balanced: 0.8, strict: 0.6 }

/** A filled ComfyUI graph with every ControlNet application scaled to the setting, in place. */
export function scaleControlNets(
  graph: Record<string, { class_type: string; inputs: Record<string, unknown> }>,
  level: FollowLines,
): void {
  if (level === 'balanced') return
  const k = CONTROL_NET[level]
  for (const node of Object.values(graph)) {
    if (!node.class_type.startsWith('ControlNetApply')) continue
    const { strength, end_percent } = node.inputs
    if (typeof strength === 'number') node.inputs.strength = round(Math.min(1.5, strength * k.strength))
    if (typeof end_percent === 'number') node.inputs.end_percent = round(Math.min(1, end_percent * k.end))
  }
}

const round = (v: number) => Math.round(v * 100) / 100
