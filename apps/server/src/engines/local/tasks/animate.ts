import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { animate } from '../animate/render.ts'
import { LOCAL_MODELS } from '../models.ts'

type AnimateTask = Extract<EngineTask, { kind: 'animate' }>

export async function runAnimate(
  task: AnimateTask,
  ctx: EngineContext,
  ffmpeg: string,
): Promise<EngineResult> {
  const video = await animate(task, ctx, { ffmpeg })
  return {
    outputs: [video],
    facts: {
      engine: 'local',
      model: LOCAL_MODELS.animate,
      operations: [`camera:${task.cameraMovement}`, `duration:${task.duration}s`],
    },
  }
}
