import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { invalidInput, throwIfAborted } from '../errors.ts'
import { decodeRgb, encodeLike, inspectInput } from '../image-io.ts'
import { mapSegment, meanLeanDeg, type Segment } from '../prep/geometry.ts'
import { findVerticals, straightenPhoto } from '../prep/straighten.ts'
import type { LocalStep } from '../step.ts'
import { MAX_EDIT_SIDE } from './inpaint.ts'

type StraightenTask = Extract<EngineTask, { kind: 'straighten' }>

const round1 = (x: number) => Math.round(x * 10) / 10
const scaled = (s: Segment, k: number): Segment => ({
  x1: s.x1 * k,
  y1: s.y1 * k,
  x2: s.x2 * k,
  y2: s.y2 * k,
})

/**
 * Straighten verticals and level the horizon (docs/decisions/0101-straighten-verticals.md): the verticals are
 * found and fitted on the photo, the camera turned level in one warp and the picture cropped to the largest
 * clean rectangle; the lean of the verticals is then measured again on the result, and both figures reported.
 */
async function runStraighten(task: StraightenTask, ctx: EngineContext): Promise<EngineResult> {
  const info = await inspectInput(task.input, 'image')
  const verticals = await findVerticals(task.input)
  // the request was refused before charging when the photo has none; a job that still meets one fails, refunded
  if (!verticals) throw invalidInput('no_verticals')
  throwIfAborted(ctx.signal)
  ctx.reportProgress(0.3)
  const k = Math.min(1, MAX_EDIT_SIDE / Math.max(info.width, info.height))
  const image = await decodeRgb(task.input, Math.round(info.width * k), Math.round(info.height * k))
  const done = await straightenPhoto(image, verticals)
  throwIfAborted(ctx.signal)
  ctx.reportProgress(0.7)
  const output = await encodeLike(done.image, info.format)
  // measured, not predicted: the verticals are found again on the result (refined as on the photo); only when
  // too few are left after the crop is the photo's own verticals' lean through the correction reported
  const again = await findVerticals(output.data)
  const after = again
    ? again.leanDeg
    : meanLeanDeg(verticals.inliers.map((s) => mapSegment(done.homography, scaled(s, k))))
  return {
    outputs: [output],
    facts: {
      engine: 'local',
      model: straightenStep.model,
      operations: ['straighten-verticals', 'crop'],
      notes: [
        {
          id: 'verticals_straightened',
          params: {
            before: round1(verticals.leanDeg),
            after: round1(after),
            pitch: round1(done.pitchDeg),
            roll: round1(done.rollDeg),
            kept: Math.round(done.kept * 100),
          },
        },
      ],
    },
  }
}

export const straightenStep: LocalStep<'straighten'> = {
  model: 'local-straighten-mlsd-v1',
  run: (task, ctx) => runStraighten(task, ctx),
}
