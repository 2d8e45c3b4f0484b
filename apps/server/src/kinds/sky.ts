import { FAILURES, priceOf, RenderStartFields, SKY_MOODS } from '@parti/contract'
import { z } from 'zod'
import { AppError, invalid } from '../domain/errors.ts'
import { findSky, MIN_SKY_CONFIDENCE } from '../engines/local/prep/sky.ts'
import { inputOf, runPlanFor, runPlanMetadata } from './shared.ts'
import type { KindDefinition, PlanContext } from './types.ts'

const SkyTask = z.object({
  kind: z.literal('sky'),
  inputKey: z.string(),
  mood: z.enum(SKY_MOODS),
})

/**
 * On the built-in engine the sky is looked for before anything is charged (docs/decisions/0110-sky-and-dusk.md):
 * a photo whose sky cannot be found cleanly is refused, free. Shared by the sky and dusk kinds.
 */
export async function refuseWithoutSky(pc: PlanContext, key: string): Promise<void> {
  const data = await pc.ctx.storage.blobs.get(key)
  const sky = data ? await findSky(data) : null
  if (!sky || sky.confidence < MIN_SKY_CONFIDENCE) {
    throw new AppError('not_offered', FAILURES.no_sky, {
      reason: 'no_sky',
      field: 'image',
      ...(sky ? { confidence: Math.round(sky.confidence * 100) } : {}),
    })
  }
}

/** A new sky (docs/decisions/0110-sky-and-dusk.md): one photo and the sky's mood, blue when absent. */
export const sky: KindDefinition<'sky', RenderStartFields, z.infer<typeof SkyTask>> = {
  kind: 'sky',
  fields: RenderStartFields,
  task: SkyTask,
  async plan(pc, f) {
    if (!pc.parts.files.get('image')?.length && !f.sourceGenerationId && !f.imageUrl)
      throw invalid('room_photo_required', 'image')
    const mood = f.sky ?? 'blue'
    const run = runPlanFor(pc, 'sky', { userPrompt: '' })
    const input = (await inputOf(pc, 'image', f))!
    if (pc.capabilities.sky.steps[0]?.engine === 'local') await refuseWithoutSky(pc, input.key)
    return {
      batchId: null,
      jobs: [
        {
          mode: 'sky',
          cost: priceOf('sky'),
          userPrompt: '',
          enhancedPrompt: null,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          metadata: { ...runPlanMetadata('sky', run), sky: mood },
          task: { kind: 'sky', inputKey: input.key, mood } satisfies z.infer<typeof SkyTask>,
        },
      ],
    }
  },
  steps: {
    sky: async (task, sc) => ({ kind: 'sky', input: sc.input, mood: task.mood }),
  },
}
