import { FAILURES, FractionBox, priceOf, RenderStartFields } from '@parti/contract'
import { z } from 'zod'
import { AppError, invalid } from '../domain/errors.ts'
import { detectFaces } from '../lib/faces.ts'
import { readMask } from '../storage/uploads.ts'
import { inputOf, runPlanFor, runPlanMetadata, storeMask } from './shared.ts'
import type { KindDefinition } from './types.ts'

const Boxes = z.array(FractionBox).max(100)

const PrivacyTask = z.object({
  kind: z.literal('privacy'),
  inputKey: z.string(),
  maskKey: z.string().nullable(),
  faces: Boxes,
})

/** The face boxes the request sends (`blurBoxes`, JSON), or undefined when it sends none (every face found). */
function boxesOf(field: string | undefined): z.infer<typeof Boxes> | undefined {
  if (field === undefined) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(field)
  } catch {
    parsed = null
  }
  const boxes = Boxes.safeParse(parsed)
  if (!boxes.success)
    throw new AppError('validation_failed', 'blurBoxes: a JSON list of {x, y, w, h} fractions', {
      field: 'blurBoxes',
    })
  return boxes.data
}

/**
 * Privacy blur (docs/decisions/0111-privacy-blur.md): the faces BlazeFace finds (or those of them the user kept,
 * sent as `blurBoxes`) and the lassoed areas, blurred. The faces are looked for before anything is charged: a
 * photo with none, and no lasso, is refused, free.
 */
export const privacy: KindDefinition<'privacy', RenderStartFields, z.infer<typeof PrivacyTask>> = {
  kind: 'privacy',
  fields: RenderStartFields,
  task: PrivacyTask,
  async plan(pc, f) {
    if (!pc.parts.files.get('image')?.length && !f.sourceGenerationId && !f.imageUrl)
      throw invalid('room_photo_required', 'image')
    const kept = boxesOf(f.blurBoxes)
    const run = runPlanFor(pc, 'privacy', { userPrompt: '' })
    const input = (await inputOf(pc, 'image', f))!
    const mask = await readMask(pc.parts, input, false)
    let faces = kept ?? []
    if (!kept && pc.capabilities.privacy.steps[0]?.engine === 'local') {
      const data = await pc.ctx.storage.blobs.get(input.key)
      faces = ((data && (await detectFaces(data))) ?? []).map(({ x, y, w, h }) => ({ x, y, w, h }))
    }
    if (!faces.length && !mask) {
      throw new AppError('not_offered', FAILURES.nothing_to_blur, {
        reason: 'nothing_to_blur',
        field: 'image',
      })
    }
    const maskKey = mask ? await storeMask(pc, mask) : null
    return {
      batchId: null,
      jobs: [
        {
          mode: 'privacy',
          cost: priceOf('privacy'),
          userPrompt: '',
          enhancedPrompt: null,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          ...(maskKey ? { maskKey } : {}),
          metadata: runPlanMetadata('privacy', run),
          task: { kind: 'privacy', inputKey: input.key, maskKey, faces } satisfies z.infer<
            typeof PrivacyTask
          >,
        },
      ],
    }
  },
  steps: {
    privacy: async (task, sc) => ({
      kind: 'privacy',
      input: sc.input,
      faces: task.faces,
      mask: task.maskKey ? await sc.load(task.maskKey) : null,
    }),
  },
}
