import { LIGHT_STRENGTH_DEFAULT, priceOf, RenderStartFields } from '@parti/contract'
import { z } from 'zod'
import { invalid } from '../domain/errors.ts'
import { inputOf, runPlanFor, runPlanMetadata } from './shared.ts'
import type { KindDefinition } from './types.ts'

const LightTask = z.object({
  kind: z.literal('light'),
  inputKey: z.string(),
  strength: z.number().int().min(0).max(100),
})

/**
 * Better light (docs/decisions/0109-light.md): one photo and a strength, 0–100 %. Every photo can be graded,
 * so nothing is refused but a missing photo; a blank one fails in the engine, refunded.
 */
export const light: KindDefinition<'light', RenderStartFields, z.infer<typeof LightTask>> = {
  kind: 'light',
  fields: RenderStartFields,
  task: LightTask,
  async plan(pc, f) {
    if (!pc.parts.files.get('image')?.length && !f.sourceGenerationId && !f.imageUrl)
      throw invalid('room_photo_required', 'image')
    const strength = f.strength ?? LIGHT_STRENGTH_DEFAULT
    const run = runPlanFor(pc, 'light', { userPrompt: '' })
    const input = (await inputOf(pc, 'image', f))!
    return {
      batchId: null,
      jobs: [
        {
          mode: 'light',
          cost: priceOf('light'),
          userPrompt: '',
          enhancedPrompt: null,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          metadata: { ...runPlanMetadata('light', run), strength },
          task: { kind: 'light', inputKey: input.key, strength } satisfies z.infer<typeof LightTask>,
        },
      ],
    }
  },
  steps: {
    light: async (task, sc) => ({ kind: 'light', input: sc.input, strength: task.strength }),
  },
}
