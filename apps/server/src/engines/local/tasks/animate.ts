import type { EngineContext, EngineResult, EngineTask } from '../../types.ts'
import { animate } from '../animate/render.ts'
import type { LocalStep } from '../step.ts'

type AnimateTask = Extract<EngineTask, { kind: 'animate' }>

async function runAnimate(task: AnimateTask, ctx: EngineContext, ffmpeg: string): Promise<EngineResult> {
  const video = await animate(task, ctx, { ffmpeg })
  return {
    outputs: [video],
    facts: {
      engine: 'local',
      model: animateStep.model,
      operations: [`camera:${task.cameraMovement}`, `duration:${task.duration}s`],
    },
  }
}

export const animateStep: LocalStep<'animate'> = {
  model: 'local-camera-v1',
  run: async (task, ctx, tools) => runAnimate(task, ctx, await tools.ffmpeg()),
}
