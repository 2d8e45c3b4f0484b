import { type Ask, levelOf, STEP_ASKS, type Step } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import { COMFYUI_DEFAULT_MODELS } from '../comfyui/models.ts'
import { BUILT_IN_WORKFLOWS, hasControlNet } from '../comfyui/workflows.ts'
import { FAL_DEFAULT_MODELS } from '../fal/models.ts'
import { GEMINI_DEFAULT_MODELS } from '../gemini/models.ts'
import { OPENAI_DEFAULT_MODELS } from '../openai/models.ts'
import type { ModelTiers } from '../plan-rules.ts'
import { REPLICATE_DEFAULT_MODELS } from '../replicate/models.ts'
import { hostedSupport, modelFamily } from './hosted-capabilities.ts'

const providers: Record<string, Partial<Record<Step, ModelTiers>>> = {
  replicate: REPLICATE_DEFAULT_MODELS,
  fal: FAL_DEFAULT_MODELS,
  openai: OPENAI_DEFAULT_MODELS,
  gemini: GEMINI_DEFAULT_MODELS,
}
const caps = (step: Step, model: string) => ({
  steps: [],
  asks: hostedSupport(step, { family: modelFamily(model) }),
})

describe('what each hosted model says it does', () => {
  it('answers every ask of every step each provider serves with its default models', () => {
    for (const [provider, table] of Object.entries(providers))
      for (const [step, tiers] of Object.entries(table) as [Step, ModelTiers][])
        for (const model of [tiers.default, tiers.premium].filter((m): m is string => !!m)) {
          const support = hostedSupport(step, { family: modelFamily(model) })
          expect(Object.keys(support).sort(), `${provider} ${model}`).toEqual([...STEP_ASKS[step]].sort())
        }
  })

  it('follows lines only where a line-strength setting is sent', () => {
    const lines = (step: Step, model: string) => levelOf(caps(step, model), 'followLines' as Ask)
    expect(lines('sketch', REPLICATE_DEFAULT_MODELS.sketch.default)).toBe('does')
    expect(lines('sketch', FAL_DEFAULT_MODELS.sketch.default)).toBe('does')
    expect(lines('staging-stage', REPLICATE_DEFAULT_MODELS['staging-stage'].default)).toBe('does')
    // FLUX Kontext takes an instruction and no guidance for the lines
    expect(lines('staging-stage', FAL_DEFAULT_MODELS['staging-stage'].default)).toBe('cannot')
    expect(lines('multi-angle', REPLICATE_DEFAULT_MODELS['multi-angle'].default)).toBe('cannot')
  })

  it('says a 6 s Kling video is retimed and its camera move is words', () => {
    const animate = caps('animate', FAL_DEFAULT_MODELS.animate.default)
    expect(levelOf(animate, 'duration.6')).toBe('approximates')
    expect(animate.asks['duration.6']?.reason).toBe('retimed')
    expect(levelOf(animate, 'duration.10')).toBe('does')
    expect(levelOf(animate, 'camera.orbit')).toBe('approximates')
    const director = caps('animate', 'minimax/video-01-director')
    expect(levelOf(director, 'camera.zoom_in')).toBe('does')
    expect(levelOf(director, 'camera.rotate_clockwise')).toBe('approximates')
  })

  it("reads a ComfyUI template's ControlNet nodes for Follow my lines", () => {
    expect(hasControlNet(BUILT_IN_WORKFLOWS, COMFYUI_DEFAULT_MODELS.sketch.default)).toBe(true)
    expect(hasControlNet(BUILT_IN_WORKFLOWS, COMFYUI_DEFAULT_MODELS['staging-clean'].default)).toBe(false)
    expect(hasControlNet(BUILT_IN_WORKFLOWS, 'no-such-template')).toBe(false)
    const noNet = hostedSupport('staging-stage', { family: 'workflow', controlNet: false })
    expect(noNet.followLines).toMatchObject({ level: 'cannot', reason: 'no_line_setting' })
  })
})
