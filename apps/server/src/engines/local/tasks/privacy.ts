import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { invalidInput, throwIfAborted } from '../errors.ts'
import { decodeMask, decodeRgb, encodeLike, inspectInput } from '../image-io.ts'
import { blurAreas, faceArea, lassoArea } from '../prep/privacy.ts'
import type { LocalStep } from '../step.ts'
import { MAX_EDIT_SIDE } from './inpaint.ts'

type PrivacyTask = Extract<EngineTask, { kind: 'privacy' }>

/**
 * Privacy blur (docs/decisions/0111-privacy-blur.md): the faces the user kept (found by BlazeFace before the
 * request was priced) and the lassoed areas are blurred beyond reading; the rest of the picture is untouched.
 */
async function runPrivacy(task: PrivacyTask, ctx: EngineContext): Promise<EngineResult> {
  const info = await inspectInput(task.input, 'image')
  const k = Math.min(1, MAX_EDIT_SIDE / Math.max(info.width, info.height))
  const width = Math.round(info.width * k)
  const height = Math.round(info.height * k)
  const image = await decodeRgb(task.input, width, height)
  const areas = task.faces.flatMap((f) => faceArea(f, width, height) ?? [])
  const lasso = task.mask ? lassoArea((await decodeMask(task.mask, width, height)).mask, width, height) : null
  // the request was refused before charging with nothing to blur; a job that still meets it fails, refunded
  if (!areas.length && !lasso) throw invalidInput('nothing_to_blur')
  throwIfAborted(ctx.signal)
  ctx.reportProgress(0.3)
  await blurAreas(image, lasso ? [...areas, lasso] : areas)
  ctx.reportProgress(0.8)
  return {
    outputs: [await encodeLike(image, info.format)],
    facts: {
      engine: 'local',
      model: privacyStep.model,
      operations: ['blur-faces', ...(lasso ? ['blur-selection'] : [])],
      notes: [{ id: 'privacy_blurred', params: { faces: areas.length, areas: lasso ? 1 : 0 } }],
    },
  }
}

export const privacyStep: LocalStep<'privacy'> = {
  model: 'local-privacy-blazeface-v1',
  run: (task, ctx) => runPrivacy(task, ctx),
}
