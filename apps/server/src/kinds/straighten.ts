import { FAILURES, priceOf, RenderStartFields } from '@parti/contract'
import { z } from 'zod'
import { AppError, invalid } from '../domain/errors.ts'
import { findVerticals } from '../engines/local/prep/straighten.ts'
import { inputOf, runPlanFor, runPlanMetadata } from './shared.ts'
import type { KindDefinition } from './types.ts'

const StraightenTask = z.object({
  kind: z.literal('straighten'),
  inputKey: z.string(),
})

/**
 * Straighten verticals and level the horizon (docs/decisions/0101-straighten-verticals.md): one photo, nothing
 * to choose. On the built-in engine the photo's verticals are looked for before anything is charged: a photo
 * without them is refused, free.
 */
export const straighten: KindDefinition<'straighten', RenderStartFields, z.infer<typeof StraightenTask>> = {
  kind: 'straighten',
  fields: RenderStartFields,
  task: StraightenTask,
  async plan(pc, f) {
    if (!pc.parts.files.get('image')?.length && !f.sourceGenerationId && !f.imageUrl)
      throw invalid('room_photo_required', 'image')
    const run = runPlanFor(pc, 'straighten', { userPrompt: '' })
    const input = (await inputOf(pc, 'image', f))!
    if (pc.capabilities.straighten.steps[0]?.engine === 'local') {
      const data = await pc.ctx.storage.blobs.get(input.key)
      if (!data || !(await findVerticals(data))) {
        throw new AppError('not_offered', FAILURES.no_verticals, { reason: 'no_verticals', field: 'image' })
      }
    }
    return {
      batchId: null,
      jobs: [
        {
          mode: 'straighten',
          cost: priceOf('straighten'),
          userPrompt: '',
          enhancedPrompt: null,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          metadata: runPlanMetadata('straighten', run),
          task: { kind: 'straighten', inputKey: input.key } satisfies z.infer<typeof StraightenTask>,
        },
      ],
    }
  },
  steps: {
    straighten: async (_task, sc) => ({ kind: 'straighten', input: sc.input }),
  },
}
