import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { invalidInput, throwIfAborted } from '../errors.ts'
import { decodeRgb, encodeLike, inspectInput } from '../image-io.ts'
import { findSky, MIN_SKY_CONFIDENCE, replaceSky } from '../prep/sky.ts'
import type { LocalStep } from '../step.ts'
import { MAX_EDIT_SIDE } from './inpaint.ts'

type SkyTask = Extract<EngineTask, { kind: 'sky' }>

/**
 * A new sky (docs/decisions/0110-sky-and-dusk.md): the sky found from the photo's lines, painted in the mood
 * asked for, the rest graded to match; the share replaced and the confidence of the finding in the notes.
 */
async function runSky(task: SkyTask, ctx: EngineContext): Promise<EngineResult> {
  const info = await inspectInput(task.input, 'image')
  const sky = await findSky(task.input)
  // the request was refused before charging when the sky cannot be found cleanly; a job that still meets
  // such a photo fails, refunded
  if (!sky || sky.confidence < MIN_SKY_CONFIDENCE) throw invalidInput('no_sky')
  throwIfAborted(ctx.signal)
  ctx.reportProgress(0.4)
  const k = Math.min(1, MAX_EDIT_SIDE / Math.max(info.width, info.height))
  const image = await decodeRgb(task.input, Math.round(info.width * k), Math.round(info.height * k))
  const done = replaceSky(image, sky, task.mood)
  throwIfAborted(ctx.signal)
  ctx.reportProgress(0.8)
  const output = await encodeLike(done.image, info.format)
  return {
    outputs: [output],
    facts: {
      engine: 'local',
      model: skyStep.model,
      operations: ['sky-mask', `sky:${task.mood}`, 'grade'],
      notes: [
        {
          id: 'sky_replaced',
          params: { area: Math.round(sky.area * 100), confidence: Math.round(sky.confidence * 100) },
        },
      ],
    },
  }
}

export const skyStep: LocalStep<'sky'> = {
  model: 'local-sky-mlsd-v1',
  run: (task, ctx) => runSky(task, ctx),
}
