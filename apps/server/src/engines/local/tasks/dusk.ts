import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { invalidInput, throwIfAborted } from '../errors.ts'
import { decodeRgb, encodeLike, inspectInput } from '../image-io.ts'
import { findSky, groundExposureChange, MIN_SKY_CONFIDENCE, replaceSky } from '../prep/sky.ts'
import { findWindows, lightWindows } from '../prep/windows.ts'
import type { LocalStep } from '../step.ts'
import { MAX_EDIT_SIDE } from './inpaint.ts'

type DuskTask = Extract<EngineTask, { kind: 'dusk' }>

/**
 * Day to dusk (docs/decisions/0110-sky-and-dusk.md): the dusk sky, a darker and cooler grade, and the windows
 * found as rectangles among the detector's segments lit warm. A grade, and the notes say so.
 */
async function runDusk(task: DuskTask, ctx: EngineContext): Promise<EngineResult> {
  const info = await inspectInput(task.input, 'image')
  const sky = await findSky(task.input)
  if (!sky || sky.confidence < MIN_SKY_CONFIDENCE) throw invalidInput('no_sky')
  throwIfAborted(ctx.signal)
  ctx.reportProgress(0.4)
  const k = Math.min(1, MAX_EDIT_SIDE / Math.max(info.width, info.height))
  const image = await decodeRgb(task.input, Math.round(info.width * k), Math.round(info.height * k))
  const done = replaceSky(image, sky, 'night-dusk')
  // measured before the windows are lit: the grade's own darkening of the ground
  const ev = groundExposureChange(image, done.image, done.alpha)
  // the windows, in the result's pixels, none of them in the sky
  const s = image.width / sky.photoWidth
  const inSky = (x: number, y: number) => {
    const mx = Math.min(sky.width - 1, Math.floor((x / sky.photoWidth) * sky.width))
    const my = Math.min(sky.height - 1, Math.floor((y / sky.photoHeight) * sky.height))
    return sky.mask[my * sky.width + mx] === 1
  }
  const windows = findWindows(sky.segments, sky.photoWidth, sky.photoHeight, inSky).map((r) => ({
    x0: r.x0 * s,
    y0: r.y0 * s,
    x1: r.x1 * s,
    y1: r.y1 * s,
  }))
  lightWindows(done.image, windows)
  throwIfAborted(ctx.signal)
  ctx.reportProgress(0.8)
  const output = await encodeLike(done.image, info.format)
  return {
    outputs: [output],
    facts: {
      engine: 'local',
      model: duskStep.model,
      operations: ['sky-mask', 'sky:dusk', 'grade', ...(windows.length ? ['windows-lit'] : [])],
      notes: [
        {
          id: 'dusk_graded',
          params: {
            area: Math.round(sky.area * 100),
            confidence: Math.round(sky.confidence * 100),
            ev: Math.round(Math.abs(ev) * 10) / 10,
            windows: windows.length,
          },
        },
      ],
    },
  }
}

export const duskStep: LocalStep<'dusk'> = {
  model: 'local-dusk-grade-v1',
  run: (task, ctx) => runDusk(task, ctx),
}
