import { DEFAULT_FOLLOW_LINES, FOLLOW_LINES, priceOf, RenderStartFields } from '@parti/contract'
import { z } from 'zod'
import { invalid } from '../domain/errors.ts'
import { enhancePrompt } from '../domain/prompt.ts'
import {
  inputOf,
  PaletteSnapshot,
  paletteOf,
  runPlanFor,
  runPlanMetadata,
  StyleSnapshot,
  snapshot,
  styleSnapshot,
} from './shared.ts'
import type { KindDefinition } from './types.ts'

const SketchTask = z.object({
  kind: z.literal('sketch'),
  inputKey: z.string(),
  prompt: z.string(),
  style: StyleSnapshot.nullable(),
  palette: PaletteSnapshot.nullable(),
  customColors: z.array(z.string()).nullable(),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  followLines: z.enum(FOLLOW_LINES).default(DEFAULT_FOLLOW_LINES),
  /** the variation's seed (docs/product.md#variations); older jobs have none */
  seed: z.number().int().optional(),
})

/** Sketch render: a sketch and its description become a presentation render in a style and palette. */
export const sketch: KindDefinition<'sketch', RenderStartFields, z.infer<typeof SketchTask>> = {
  kind: 'sketch',
  fields: RenderStartFields,
  task: SketchTask,
  async plan(pc, f) {
    const userPrompt = f.userPrompt.trim()
    if (!pc.parts.files.get('sketch')?.length && !f.sourceGenerationId && !f.imageUrl)
      throw invalid('sketch_required', 'sketch')
    if (!userPrompt) throw invalid('description_required', 'userPrompt')
    const run = runPlanFor(pc, 'sketch', f)
    const [style, pal] = await Promise.all([styleSnapshot(pc, f.styleId), paletteOf(pc, f.colorPaletteId)])
    const input = (await inputOf(pc, 'sketch', f))!
    const { prompt, negativePrompt } = enhancePrompt({
      userPrompt,
      style,
      palette: pal,
      customColors: f.customColors,
    })
    return {
      batchId: null,
      jobs: [
        {
          mode: 'sketch',
          cost: priceOf('sketch'),
          userPrompt,
          enhancedPrompt: f.enhancedPrompt ? `${prompt}, ${f.enhancedPrompt}` : prompt,
          negativePrompt,
          styleId: style?.id ?? null,
          colorPaletteId: pal?.id ?? null,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          metadata: {
            width: input.width,
            height: input.height,
            ...(f.customColors ? { customColors: f.customColors } : {}),
            ...runPlanMetadata('sketch', run),
          },
          task: {
            kind: 'sketch',
            inputKey: input.key,
            prompt,
            style,
            palette: snapshot(pal),
            customColors: f.customColors ?? null,
            settings: f.settings ?? {},
            followLines: f.followLines ?? DEFAULT_FOLLOW_LINES,
          } satisfies z.infer<typeof SketchTask>,
        },
      ],
    }
  },
  steps: {
    sketch: async (task, sc) => ({ ...task, input: sc.input }),
  },
}
