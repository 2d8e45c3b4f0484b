import sharp from 'sharp'
import { isLineDrawing } from '../../../lib/images.ts'
import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { mix, type Rgb } from '../color.ts'
import {
  decoded,
  decodeRgb,
  encodeJpeg,
  fitLongSide,
  imageOutput,
  inspectInput,
  type RawImage,
} from '../image-io.ts'
import { chooseColours, roleColours } from '../sketch/palette.ts'
import { renderSketch } from '../sketch/render.ts'
import type { LocalStep } from '../step.ts'
import { draftView, type ViewContext } from '../views/draft-views.ts'

type MultiAngleTask = Extract<EngineTask, { kind: 'multi-angle' }>

/**
 * One draft view per requested angle. A line drawing is first rendered in the chosen style (so every view is in
 * colour); a photo or a rendering is used as it is. facts.draft = true: a warp of the input, not a new rendering.
 */
async function runMultiAngle(task: MultiAngleTask, ctx: EngineContext): Promise<EngineResult> {
  const info = await inspectInput(task.input, 'file')
  const drawing = await decoded('file', () => isLineDrawing(task.input))
  let base: RawImage
  let context: ViewContext
  if (drawing) {
    const render = await renderSketch(
      { ...task, customColors: null },
      { ...ctx, reportProgress: (f) => ctx.reportProgress(f * 0.7) },
    )
    base = render.image
    const roles = roleColours(chooseColours(task.palette, null))
    context = {
      sky: roles.sky,
      ground: mix(roles.ground, [206, 202, 190], 0.5),
      subject: await render.subject(),
    }
  } else {
    const size = fitLongSide(
      info.width,
      info.height,
      Math.min(1600, Math.max(1024, Math.max(info.width, info.height))),
    )
    base = await decodeRgb(task.input, size.width, size.height, 'file')
    context = { ...(await edgeColours(base)), subject: null }
  }
  const view = await draftView(base, task.angle, context)
  ctx.reportProgress(0.95)
  return {
    outputs: [imageOutput(await encodeJpeg(view, 90, drawing), 'image/jpeg', view.width, view.height)],
    facts: {
      engine: 'local',
      model: multiAngleStep.model,
      operations: [`draft-view:${task.angle}`, ...(drawing ? ['sketch-render'] : [])],
      draft: true,
      enhancedPrompt: `${task.prompt.trim() || 'the building'} — ${task.angle} view, a draft made by warping the input (not a new rendering)`,
    },
  }
}

/** For a photo: the sky from its top rows, the ground from its bottom rows. */
async function edgeColours(img: RawImage): Promise<{ sky: Rgb; ground: Rgb }> {
  const { data } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(1, 8, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const row = (i: number): Rgb => [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!]
  return { sky: row(0), ground: row(7) }
}

export const multiAngleStep: LocalStep<'multi-angle'> = {
  model: 'local-views-v1',
  run: (task, ctx) => runMultiAngle(task, ctx),
}
