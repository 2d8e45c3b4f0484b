import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { throwIfAborted } from '../errors.ts'
import { decodeMask, decodeRgb, encodeLike, inspectInput } from '../image-io.ts'
import { inpaintMasked } from '../inpaint.ts'
import type { LocalStep } from '../step.ts'

type InpaintTask = Extract<EngineTask, { kind: 'inpaint' }>

/** The largest side the local engine edits at; bigger photos are scaled down to it. */
export const MAX_EDIT_SIDE = 4096

async function runInpaint(task: InpaintTask, ctx: EngineContext): Promise<EngineResult> {
  const info = await inspectInput(task.input, 'image')
  const k = Math.min(1, MAX_EDIT_SIDE / Math.max(info.width, info.height))
  const width = Math.round(info.width * k)
  const height = Math.round(info.height * k)
  const [image, { mask }] = await Promise.all([
    decodeRgb(task.input, width, height),
    decodeMask(task.mask, width, height),
  ])
  throwIfAborted(ctx.signal)
  await inpaintMasked(image, mask)
  ctx.reportProgress(0.9)
  return {
    outputs: [await encodeLike(image, info.format)],
    facts: {
      engine: 'local',
      model: inpaintStep.model,
      operations: ['remove-selection'],
      reply:
        'I filled the selected area from its surroundings. The local engine removes and blends; it does not draw new objects.',
      notes: [{ id: 'filled_from_surroundings' }],
    },
  }
}

export const inpaintStep: LocalStep<'inpaint'> = {
  model: 'local-inpaint-telea-v1',
  run: (task, ctx) => runInpaint(task, ctx),
}
