import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { encodeJpeg, imageOutput } from '../image-io.ts'
import { renderSketch } from '../sketch/render.ts'
import type { LocalStep } from '../step.ts'

type SketchTask = Extract<EngineTask, { kind: 'sketch' }>

async function runSketch(task: SketchTask, ctx: EngineContext): Promise<EngineResult> {
  const render = await renderSketch(task, ctx)
  // 4:4:4 chroma keeps thin coloured edges crisp against the lines; q90 keeps the file a fraction of a PNG
  const data = await encodeJpeg(render.image, 90, true)
  return {
    outputs: [imageOutput(data, 'image/jpeg', render.image.width, render.image.height)],
    facts: {
      engine: 'local',
      model: sketchStep.model,
      operations: ['paper-levels', 'line-extraction', 'region-fill', 'shading', `look:${render.look}`],
      enhancedPrompt: describe(task.prompt, render.look, render.interior),
    },
  }
}

function describe(prompt: string, look: string, interior: boolean): string {
  const subject = prompt.trim() || (interior ? 'an interior' : 'a building')
  return `${subject} — ${look} presentation drawing from the sketch's own lines (${interior ? 'interior' : 'exterior'} colouring)`
}

export const sketchStep: LocalStep<'sketch'> = {
  model: 'local-sketch-v1',
  run: (task, ctx) => runSketch(task, ctx),
}
