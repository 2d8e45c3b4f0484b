import {
  creditsOfSteps,
  DEFAULT_FOLLOW_LINES,
  FOLLOW_LINES,
  priceOf,
  RenderStartFields,
  RoomType,
  StagingOption,
  StagingStyle,
} from '@parti/contract'
import { z } from 'zod'
import { invalid } from '../domain/errors.ts'
import { enhancePrompt, stagingPromptParts } from '../domain/prompt.ts'
import { readMask } from '../storage/uploads.ts'
import {
  inputOf,
  PaletteSnapshot,
  paletteOf,
  pendingPhases,
  runPlanFor,
  runPlanMetadata,
  snapshot,
  storeMask,
} from './shared.ts'
import type { KindDefinition } from './types.ts'

const StagingTask = z.object({
  kind: z.literal('staging'),
  inputKey: z.string(),
  maskKey: z.string().nullable(),
  prompt: z.string(),
  roomType: RoomType.nullable(),
  options: z.array(StagingOption),
  stagingStyle: StagingStyle,
  palette: PaletteSnapshot.nullable(),
  followLines: z.enum(FOLLOW_LINES).default(DEFAULT_FOLLOW_LINES),
  /** the variation's seed (docs/product.md#variations); older jobs have none */
  seed: z.number().int().optional(),
})

/**
 * Home staging: the room photo is cleaned, then staged in a style (docs/product.md#staging-phases). The
 * cleaned room is kept: if staging fails for good, the user gets it and the staging phase's credits back.
 */
export const staging: KindDefinition<'staging', RenderStartFields, z.infer<typeof StagingTask>> = {
  kind: 'staging',
  fields: RenderStartFields,
  task: StagingTask,
  async plan(pc, f) {
    const userPrompt = f.userPrompt.trim()
    if (!pc.parts.files.get('image')?.length && !f.sourceGenerationId && !f.imageUrl)
      throw invalid('room_photo_required', 'image')
    const pal = await paletteOf(pc, f.colorPaletteId)
    const input = (await inputOf(pc, 'image', f))!
    const mask = await readMask(pc.parts, input, false)
    const maskKey = mask ? await storeMask(pc, mask) : null
    const stagingStyle = f.stagingStyle ?? 'modern'
    const options = [...new Set(f.stagingOptions ?? [])]
    const run = runPlanFor(pc, 'staging', {
      ...f,
      stagingStyle,
      stagingOptions: options,
      hasLasso: !!mask,
    })
    // the prompt names only what will be done (docs/product.md#capabilities): no "decluttered" when cleaning is skipped
    const skipped = new Set(run.skipped.map((s) => s.ask))
    const stages = run.steps.includes('staging-stage')
    const runs = (o: StagingOption) =>
      !skipped.has(`stagingOption.${o}`) &&
      run.steps.includes(o === 'removeClutter' || o === 'removeFurniture' ? 'staging-clean' : 'staging-stage')
    const { prompt, negativePrompt } = enhancePrompt({
      userPrompt,
      palette: pal,
      extra: stagingPromptParts(
        stages ? stagingStyle : null,
        options.filter(runs),
        skipped.has('roomType') ? null : (f.roomType ?? null),
      ),
    })
    return {
      batchId: null,
      jobs: [
        {
          mode: 'staging',
          cost: creditsOfSteps('staging', run.steps, priceOf('staging')),
          steps: run.steps,
          userPrompt,
          enhancedPrompt: prompt,
          negativePrompt,
          colorPaletteId: pal?.id ?? null,
          sourceGenerationId: input.sourceGenerationId,
          inputKeys: [input.key],
          maskKey,
          metadata: {
            roomType: f.roomType,
            stagingStyle,
            stagingOptions: options,
            phases: pendingPhases('staging', run.steps),
            ...runPlanMetadata('staging', run),
          },
          task: {
            kind: 'staging',
            inputKey: input.key,
            maskKey,
            prompt,
            roomType: f.roomType ?? null,
            options,
            stagingStyle,
            palette: snapshot(pal),
            followLines: f.followLines ?? DEFAULT_FOLLOW_LINES,
          } satisfies z.infer<typeof StagingTask>,
        },
      ],
    }
  },
  steps: {
    'staging-clean': async (task, sc) => ({
      kind: 'staging-clean',
      input: sc.input,
      mask: task.maskKey ? await sc.load(task.maskKey) : null,
      roomType: task.roomType,
      options: task.options,
    }),
    'staging-stage': async (task, sc) => ({
      kind: 'staging-stage',
      input: sc.previous!,
      original: sc.input,
      prompt: task.prompt,
      roomType: task.roomType,
      options: task.options,
      stagingStyle: task.stagingStyle,
      palette: task.palette,
      followLines: task.followLines,
      ...(task.seed === undefined ? {} : { seed: task.seed }),
    }),
  },
  keeps: { 'staging-clean': { file: 'cleaned', metadataKey: 'cleanedImageKey' } },
}
