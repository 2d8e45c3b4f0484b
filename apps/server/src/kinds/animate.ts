import {
  AnimateFields,
  CameraMovement,
  DEFAULT_VIDEO_DURATION,
  inputOutsideLimits,
  priceOf,
  VideoDuration,
} from '@parti/contract'
import { z } from 'zod'
import { AppError, invalid } from '../domain/errors.ts'
import { inputOf, runPlanFor, runPlanMetadata } from './shared.ts'
import type { KindDefinition } from './types.ts'

const AnimateTask = z.object({
  kind: z.literal('animate'),
  inputKey: z.string(),
  prompt: z.string(),
  duration: VideoDuration,
  cameraMovement: CameraMovement,
})

/** Image to video: an image (file, earlier result or URL), a description, 6 or 10 s, a camera move. */
export const animate: KindDefinition<'animate', AnimateFields, z.infer<typeof AnimateTask>> = {
  kind: 'animate',
  fields: AnimateFields,
  task: AnimateTask,
  async plan(pc, f) {
    if (!pc.parts.files.get('image')?.length && !f.imageUrl && !f.sourceGenerationId) {
      throw invalid('video_image_required', 'image')
    }
    if (f.imageUrl && !/^https?:\/\//i.test(f.imageUrl) && !f.imageUrl.startsWith('/api/files/')) {
      throw invalid('invalid_image_url', 'imageUrl')
    }
    const description = f.description.trim()
    if (!description) throw invalid('animation_description_required', 'description')
    const duration = f.duration ?? DEFAULT_VIDEO_DURATION
    const cameraMovement = f.cameraMovement ?? 'zoom_in'
    const run = runPlanFor(pc, 'animate', { userPrompt: description, duration, cameraMovement })
    const input = (await inputOf(pc, 'image', f))!
    // a first frame the video model cannot take is refused before anything is charged
    const outside = inputOutsideLimits(pc.capabilities.animate.input, input.width, input.height)
    if (outside)
      throw new AppError('not_offered', outside, {
        input: pc.capabilities.animate.input,
        width: input.width,
        height: input.height,
      })
    const videoPrompt = `${description}, camera ${cameraMovement.replace(/_/g, ' ')}`
    return {
      batchId: null,
      jobs: [
        {
          mode: 'animate',
          cost: priceOf('animate', { duration }),
          userPrompt: description,
          enhancedPrompt: videoPrompt,
          videoPrompt,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          metadata: { duration, cameraMovement, ...runPlanMetadata('animate', run) },
          task: {
            kind: 'animate',
            inputKey: input.key,
            prompt: description,
            duration,
            cameraMovement,
          } satisfies z.infer<typeof AnimateTask>,
        },
      ],
    }
  },
  steps: {
    animate: async (task, sc) => ({ ...task, input: sc.input }),
  },
}
