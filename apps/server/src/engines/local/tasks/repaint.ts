import { resolvePaint } from '@parti/contract'
import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { invalidInput, throwIfAborted } from '../errors.ts'
import { decodeMask, decodeRgb, encodeLike, inspectInput } from '../image-io.ts'
import { findPlane, layMaterial } from '../prep/material.ts'
import { findSurface, repaintSurface } from '../prep/repaint.ts'
import type { LocalStep } from '../step.ts'
import { MAX_EDIT_SIDE } from './inpaint.ts'

type RepaintTask = Extract<EngineTask, { kind: 'repaint' }>

const round1 = (x: number) => Math.round(x * 10) / 10

/**
 * Repaint a wall, floor or ceiling in an exact colour (docs/decisions/0112-repaint-exact-colours.md) or lay a
 * material from the library on it (docs/decisions/0120-repaint-materials.md): the surface is found again from
 * the click (and the lasso), recoloured or textured with its light and shade kept, and the result measured: ΔE00
 * of the surface against the colour asked or the material's base colour, and the pixels changed outside it.
 */
async function runRepaint(task: RepaintTask, ctx: EngineContext): Promise<EngineResult> {
  const paint = task.paint ? resolvePaint(task.paint) : null
  if (!task.material && !paint) throw invalidInput('paint_unknown')
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
  const measured = (done: { deltaE: number; outsideChanged: number; share: number }) => ({
    deltaE: round1(done.deltaE),
    outside: round1(done.outsideChanged * 100),
    share: Math.round(done.share * 100),
  })
  if (task.material) {
    const plane = await findPlane(task.input, surface)
    throwIfAborted(ctx.signal)
    ctx.reportProgress(0.5)
    const done = layMaterial(image, surface, task.material, plane)
    ctx.reportProgress(0.8)
    return {
      outputs: [await encodeLike(done.image, info.format)],
      facts: {
        engine: 'local',
        model: repaintStep.model,
        operations: ['repaint', `material:${task.material}`],
        notes: [
          {
            id: 'material_laid',
            params: {
              material: task.material,
              surface: plane.kind,
              perspective: plane.perspective,
              ...measured(done),
            },
          },
        ],
      },
    }
  }
  const done = repaintSurface(image, surface, paint!.lab)
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
            colour: paint!.name ? `${paint!.label} (${paint!.name})` : paint!.label,
            ...measured(done),
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
