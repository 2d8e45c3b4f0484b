import { priceOf, RenderStartFields } from '@parti/contract'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { colorPalettes, messages } from '../db/schema.ts'
import { invalid } from '../domain/errors.ts'
import type { ConversationTurn } from '../engines/types.ts'
import { readMask } from '../storage/uploads.ts'
import {
  inputOf,
  PaletteSnapshot,
  paletteOf,
  requireConversation,
  runPlanFor,
  runPlanMetadata,
  snapshot,
  storeMask,
} from './shared.ts'
import type { KindDefinition } from './types.ts'

const MagicEditTask = z.object({
  kind: z.literal('magic-edit'),
  inputKey: z.string(),
  maskKey: z.string().nullable(),
  prompt: z.string(),
  palette: PaletteSnapshot.nullable(),
  conversationId: z.string().nullable(),
  /** the variation's seed (docs/product.md#variations); older jobs have none */
  seed: z.number().int().optional(),
})

/** Magic edit (Ask Parti): an image edited by asking, optionally within a lasso, inside a conversation. */
export const magicEdit: KindDefinition<'magic-edit', RenderStartFields, z.infer<typeof MagicEditTask>> = {
  kind: 'magic-edit',
  fields: RenderStartFields,
  task: MagicEditTask,
  async plan(pc, f) {
    const userPrompt = f.userPrompt.trim()
    const hasImage = !!pc.parts.files.get('image')?.length || !!f.sourceGenerationId || !!f.imageUrl
    if (!hasImage || !userPrompt)
      throw invalid('chat_prompt_image_required', hasImage ? 'userPrompt' : 'image')
    const conversationId = await requireConversation(pc, f.conversationId)
    const pal = await paletteOf(pc, f.colorPaletteId)
    const input = (await inputOf(pc, 'image', f))!
    const mask = await readMask(pc.parts, input, false)
    const maskKey = mask ? await storeMask(pc, mask) : null
    const run = runPlanFor(pc, 'magic-edit', { ...f, userPrompt, hasLasso: !!mask })
    return {
      batchId: null,
      conversation: conversationId
        ? { id: conversationId, text: userPrompt, attachmentKeys: [input.key] }
        : null,
      jobs: [
        {
          mode: 'magic-edit',
          cost: priceOf('magic-edit'),
          userPrompt,
          enhancedPrompt: userPrompt,
          colorPaletteId: pal?.id ?? null,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          maskKey,
          metadata: {
            ...(conversationId ? { conversationId } : {}),
            ...(maskKey ? { masked: true } : {}),
            ...runPlanMetadata('magic-edit', run),
          },
          task: {
            kind: 'magic-edit',
            inputKey: input.key,
            maskKey,
            prompt: userPrompt,
            palette: snapshot(pal),
            conversationId,
          } satisfies z.infer<typeof MagicEditTask>,
        },
      ],
    }
  },
  steps: {
    'magic-edit': async (task, sc) => ({
      kind: 'magic-edit',
      input: sc.input,
      mask: task.maskKey ? await sc.load(task.maskKey) : null,
      prompt: task.prompt,
      palette: task.palette ?? (await paletteNamedIn(sc.database, task.prompt)),
      history: task.conversationId
        ? await conversationHistory(sc.database, task.conversationId, sc.jobId)
        : [],
      ...(task.seed === undefined ? {} : { seed: task.seed }),
    }),
  },
}

/** The conversation so far (the last 20 turns), for engines that keep context; this job's answer is not in it. */
async function conversationHistory(database: Database, conversationId: string, excludeGenerationId: string) {
  const rows = await database.db
    .select({ role: messages.role, text: messages.text, generationId: messages.generationId })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(messages.createdAt)
  return rows
    .filter((r) => r.generationId !== excludeGenerationId || r.role === 'user')
    .slice(-20)
    .map((r): ConversationTurn => ({ role: r.role === 'assistant' ? 'assistant' : 'user', text: r.text }))
}

/** "recolour to the Japandi palette": find a palette the request names, for the local interpreter. */
async function paletteNamedIn(database: Database, prompt: string) {
  const lower = prompt.toLowerCase()
  const all = await database.db.select().from(colorPalettes)
  const hit = all.find((p) => lower.includes(p.name.toLowerCase()))
  return hit ? { id: hit.id, name: hit.name, colors: hit.colors } : null
}
