import { resolvePaint } from '@parti/contract'
import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { invalidInput, throwIfAborted } from '../errors.ts'
import { decodeMask, decodeRgb, encodeLike, inspectInput } from '../image-io.ts'
import { findSurface, repaintSurface } from '../prep/repaint.ts'
import type { LocalStep } from '../step.ts'
import { MAX_EDIT_SIDE } from './inpaint.ts'

type RepaintTask = Extract<EngineTask, { kind: 'repaint' }>

const round1 = (x: number) => Math.round(x * 10) / 10

/**
 * Repaint a wall, floor or ceiling in an exact colour (docs/decisions/0112-repaint-exact-colours.md): the
 * surface is found again from the click (and the lasso), recoloured with its light and shade kept, and the
 * result measured: ΔE00 of the repainted surface against the colour asked, and the pixels changed outside it.
 */
async function runRepaint(task: RepaintTask, ctx: EngineContext): Promise<EngineResult> {
  const paint = resolvePaint(task.paint)
  if (!paint) throw invalidInput('paint_unknown')
  const info = await inspectInput(task.input, 'image')
  const k = Math.min(1, MAX_EDIT_SIDE / Math.max(info.width, info.height))
  const width = Math.round(info.width * k)
  const height = Math.round(info.height * k)
  const image = await decodeRgb(task.input, width, height)
  const lasso = task.mask ? (await decodeMask(task.mask, width, height)).mask : null
  const surface = await findSurface(task.input, image, task.point, lasso)
  // refused before charging when the click finds nothing; a job that still meets it fails, refunded
  if (!surface) throw invalidInput('surface_not_found')
  throwIfAborted(ctx.signal)
  ctx.reportProgress(0.4)
  const done = repaintSurface(image, surface, paint.lab)
  ctx.reportProgress(0.8)
  return {
    outputs: [await encodeLike(done.image, info.format)],
    facts: {
      engine: 'local',
      model: repaintStep.model,
      operations: ['repaint'],
      notes: [
        {
          id: 'surface_repainted',
          params: {
            colour: paint.name ? `${paint.label} (${paint.name})` : paint.label,
            deltaE: round1(done.deltaE),
            outside: round1(done.outsideChanged * 100),
            share: Math.round(done.share * 100),
          },
        },
      ],
    },
  }
}

export const repaintStep: LocalStep<'repaint'> = {
  model: 'local-repaint-oklab-v1',
  run: (task, ctx) => runRepaint(task, ctx),
}
