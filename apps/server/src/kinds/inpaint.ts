import { InpaintFields, inpaintIntent, priceOf } from '@parti/contract'
import { z } from 'zod'
import { invalid } from '../domain/errors.ts'
import { readMask } from '../storage/uploads.ts'
import { inputOf, requireConversation, runPlanFor, runPlanMetadata, storeMask } from './shared.ts'
import type { KindDefinition } from './types.ts'

const InpaintTask = z.object({
  kind: z.literal('inpaint'),
  inputKey: z.string(),
  maskKey: z.string(),
  prompt: z.string(),
})

/** Inpaint: the lasso area of an image redone as described; the lasso is required. */
export const inpaint: KindDefinition<'inpaint', InpaintFields, z.infer<typeof InpaintTask>> = {
  kind: 'inpaint',
  fields: InpaintFields,
  task: InpaintTask,
  async plan(pc, f) {
    const imageUrl = typeof pc.parts.fields.imageUrl === 'string' ? pc.parts.fields.imageUrl : undefined
    if (!pc.parts.files.get('image')?.length && !f.sourceGenerationId && !imageUrl)
      throw invalid('invalid_image_file', 'image')
    const prompt = f.prompt.trim()
    if (!prompt) throw invalid('edit_prompt_required', 'prompt')
    // an inpaint that asks to put something in is refused before anything is stored where the engine cannot
    const run = runPlanFor(pc, 'inpaint', { userPrompt: prompt, intent: inpaintIntent(prompt) })
    const conversationId = await requireConversation(pc, f.conversationId)
    const input = (await inputOf(pc, 'image', { ...f, imageUrl }))!
    const mask = (await readMask(pc.parts, input, true))!
    const maskKey = await storeMask(pc, mask)
    return {
      batchId: null,
      conversation: conversationId ? { id: conversationId, text: prompt, attachmentKeys: [input.key] } : null,
      jobs: [
        {
          mode: 'inpaint',
          cost: priceOf('inpaint'),
          userPrompt: prompt,
          enhancedPrompt: prompt,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          maskKey,
          metadata: { ...(conversationId ? { conversationId } : {}), ...runPlanMetadata('inpaint', run) },
          task: { kind: 'inpaint', inputKey: input.key, maskKey, prompt } satisfies z.infer<
            typeof InpaintTask
          >,
        },
      ],
    }
  },
  steps: {
    inpaint: async (task, sc) => ({
      kind: 'inpaint',
      input: sc.input,
      mask: await sc.load(task.maskKey),
      prompt: task.prompt,
    }),
  },
}
