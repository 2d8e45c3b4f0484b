import { priceOf, RenderStartFields } from '@parti/contract'
import { z } from 'zod'
import { invalid } from '../domain/errors.ts'
import { inputOf, runPlanFor, runPlanMetadata } from './shared.ts'
import { refuseWithoutSky } from './sky.ts'
import type { KindDefinition } from './types.ts'

const DuskTask = z.object({
  kind: z.literal('dusk'),
  inputKey: z.string(),
})

/**
 * Day to dusk (docs/decisions/0110-sky-and-dusk.md): one photo, nothing to choose; refused, free, on the
 * built-in engine when its sky cannot be found cleanly.
 */
export const dusk: KindDefinition<'dusk', RenderStartFields, z.infer<typeof DuskTask>> = {
  kind: 'dusk',
  fields: RenderStartFields,
  task: DuskTask,
  async plan(pc, f) {
    if (!pc.parts.files.get('image')?.length && !f.sourceGenerationId && !f.imageUrl)
      throw invalid('room_photo_required', 'image')
    const run = runPlanFor(pc, 'dusk', { userPrompt: '' })
    const input = (await inputOf(pc, 'image', f))!
    if (pc.capabilities.dusk.steps[0]?.engine === 'local') await refuseWithoutSky(pc, input.key)
    return {
      batchId: null,
      jobs: [
        {
          mode: 'dusk',
          cost: priceOf('dusk'),
          userPrompt: '',
          enhancedPrompt: null,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          metadata: runPlanMetadata('dusk', run),
          task: { kind: 'dusk', inputKey: input.key } satisfies z.infer<typeof DuskTask>,
        },
      ],
    }
  },
  steps: {
    dusk: async (_task, sc) => ({ kind: 'dusk', input: sc.input }),
  },
}
