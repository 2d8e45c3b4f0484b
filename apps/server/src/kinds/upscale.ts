import {
  DEFAULT_UPSCALE_FACTOR,
  failureWords,
  MAX_INPUT_PIXELS,
  priceOf,
  RenderStartFields,
  UPSCALE_FACTORS,
  upscaleFits,
  upscaleRefusal,
} from '@parti/contract'
import sharp from 'sharp'
import { z } from 'zod'
import { AppError, invalid } from '../domain/errors.ts'
import { inputOf, runPlanFor, runPlanMetadata } from './shared.ts'
import type { KindDefinition } from './types.ts'

const UpscaleTask = z.object({
  kind: z.literal('upscale'),
  inputKey: z.string(),
  factor: z.union([z.literal(UPSCALE_FACTORS[0]), z.literal(UPSCALE_FACTORS[1])]),
})

/**
 * Upscale a picture 2× or 4× for print (docs/decisions/0115-upscale.md): a result of the gallery or an upload.
 * The size it would make is checked before anything is charged: past UPSCALE_LIMITS the request is refused,
 * free, with the sizes in the message.
 */
export const upscale: KindDefinition<'upscale', RenderStartFields, z.infer<typeof UpscaleTask>> = {
  kind: 'upscale',
  fields: RenderStartFields,
  task: UpscaleTask,
  async plan(pc, f) {
    if (!pc.parts.files.get('image')?.length && !f.sourceGenerationId && !f.imageUrl)
      throw invalid('video_image_required', 'image')
    const factor = f.upscaleFactor ?? DEFAULT_UPSCALE_FACTOR
    const run = runPlanFor(pc, 'upscale', { userPrompt: '' })
    const input = (await inputOf(pc, 'image', f))!
    const data = await pc.ctx.storage.blobs.get(input.key)
    const meta = data
      ? await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
          .metadata()
          .catch(() => null)
      : null
    const width = meta?.autoOrient?.width ?? meta?.width ?? 0
    const height = meta?.autoOrient?.height ?? meta?.height ?? 0
    if (!upscaleFits(width, height, factor).ok) {
      const params = upscaleRefusal(width, height, factor)
      throw new AppError('not_offered', failureWords({ id: 'upscale_too_large', params }), {
        reason: 'upscale_too_large',
        params,
        field: 'upscaleFactor',
      })
    }
    return {
      batchId: null,
      jobs: [
        {
          mode: 'upscale',
          cost: priceOf('upscale', { upscaleFactor: factor }),
          userPrompt: '',
          enhancedPrompt: null,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          metadata: { ...runPlanMetadata('upscale', run), upscaleFactor: factor },
          task: { kind: 'upscale', inputKey: input.key, factor } satisfies z.infer<typeof UpscaleTask>,
        },
      ],
    }
  },
  steps: {
    upscale: async (task, sc) => ({ kind: 'upscale', input: sc.input, factor: task.factor }),
  },
}
