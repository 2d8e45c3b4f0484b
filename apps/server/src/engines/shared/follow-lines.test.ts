import { describe, expect, it } from 'vitest'
import { falInput } from '../fal/inputs.ts'
import { houseSketch, roomPhoto } from '../local/fixtures.ts'
import { replicateInput } from '../replicate/inputs.ts'
import type { EngineTask } from '../types.ts'
import { scaleControlNets } from './follow-lines.ts'

// "Follow my lines" reaches each engine as its own parameter (docs/product.md#follow-lines)
describe('"Follow my lines" mapped to the hosted engines', () => {
  it('scales every ControlNet of a ComfyUI graph, and leaves balanced untouched', () => {
    const graph = () => ({
      '1': { class_type: 'ControlNetApplyAdvanced', inputs: { strength: 0.6, end_percent: 0.8 } },
      '2': { class_type: 'KSampler', inputs: { denoise: 1 } },
    })
    const strict = graph()
    scaleControlNets(strict, 'strict')
    expect(strict['1'].inputs).toEqual({ strength: 0.78, end_percent: 1 })
    const loose = graph()
    scaleControlNets(loose, 'loose')
    expect(loose['1'].inputs.strength).toBeLessThan(0.6)
    expect(loose['1'].inputs.end_percent).toBeLessThan(0.8)
    const balanced = graph()
    scaleControlNets(balanced, 'balanced')
    expect(balanced).toEqual(graph())
    expect(strict['2'].inputs).toEqual({ denoise: 1 })
  })

  it('sets FLUX control guidance on Replicate and fal, and the interior model’s prompt strength', async () => {
    const sketch = await houseSketch({ width: 256, height: 192 })
    const room = await roomPhoto({ width: 256, height: 192 })
    const sketchTask = (followLines?: 'loose' | 'strict'): EngineTask => ({
      kind: 'sketch',
      input: sketch,
      prompt: 'a house',
      style: null,
      palette: null,
      customColors: null,
      settings: {},
      ...(followLines ? { followLines } : {}),
    })
    const flux = 'black-forest-labs/flux-canny-pro'
    expect((await replicateInput(flux, sketchTask('strict'))).input.guidance).toBe(50)
    expect((await replicateInput(flux, sketchTask('loose'))).input.guidance).toBe(15)
    expect((await replicateInput(flux, sketchTask())).input).not.toHaveProperty('guidance')
    expect((await falInput('fal-ai/flux-lora-canny', sketchTask('strict'))).input.guidance_scale).toBe(50)
    expect((await falInput('fal-ai/flux-pro/v1/canny', sketchTask('strict'))).input.guidance_scale).toBe(6)
    expect((await falInput('fal-ai/flux-lora-canny', sketchTask())).input).not.toHaveProperty(
      'guidance_scale',
    )
    const stage = (followLines: 'loose' | 'balanced' | 'strict'): EngineTask => ({
      kind: 'staging-stage',
      input: room,
      original: room,
      prompt: 'a modern living room',
      roomType: null,
      options: ['repaint'],
      stagingStyle: 'modern',
      palette: null,
      followLines,
    })
    const interior = 'adirik/interior-design:76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38'
    const strengths = await Promise.all(
      (['loose', 'balanced', 'strict'] as const).map(
        async (l) => (await replicateInput(interior, stage(l))).input.prompt_strength,
      ),
    )
    expect(strengths).toEqual([0.9, 0.8, 0.6])
  })
})
