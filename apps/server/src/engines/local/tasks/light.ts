import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { throwIfAborted } from '../errors.ts'
import { decodeRgb, encodeLike, inspectInput, refuseBlank } from '../image-io.ts'
import { lightPhoto } from '../prep/light.ts'
import type { LocalStep } from '../step.ts'
import { MAX_EDIT_SIDE } from './inpaint.ts'

type LightTask = Extract<EngineTask, { kind: 'light' }>

const round1 = (x: number) => Math.round(x * 10) / 10
const percent = (x: number) => Math.round(x * 1000) / 10

/**
 * Better light (docs/decisions/0109-light.md): exposure, white balance, CLAHE local contrast and the windows
 * kept from blowing out, mixed with the photo by the strength asked for; the cast and the blown highlights
 * are measured on the photo and again on the result.
 */
async function runLight(task: LightTask, ctx: EngineContext): Promise<EngineResult> {
  const info = await inspectInput(task.input, 'image')
  const k = Math.min(1, MAX_EDIT_SIDE / Math.max(info.width, info.height))
  const image = await decodeRgb(task.input, Math.round(info.width * k), Math.round(info.height * k))
  refuseBlank(image)
  throwIfAborted(ctx.signal)
  ctx.reportProgress(0.3)
  const done = lightPhoto(image, task.strength / 100)
  throwIfAborted(ctx.signal)
  ctx.reportProgress(0.8)
  const output = await encodeLike(done.image, info.format)
  return {
    outputs: [output],
    facts: {
      engine: 'local',
      model: lightStep.model,
      operations: ['exposure', 'white-balance', 'clahe', ...(done.windows > 0 ? ['window-pull'] : [])],
      notes: [
        {
          id: 'light_corrected',
          params: {
            strength: task.strength,
            ev: round1(done.ev),
            castBefore: done.castBefore,
            castAfter: done.castAfter,
            windows: percent(done.windows),
            clipBefore: percent(done.clipBefore),
            clipAfter: percent(done.clipAfter),
          },
        },
      ],
    },
  }
}

export const lightStep: LocalStep<'light'> = {
  model: 'local-light-clahe-v1',
  run: (task, ctx) => runLight(task, ctx),
}
