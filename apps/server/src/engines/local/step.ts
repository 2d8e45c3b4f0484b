import type { Step } from '@parti/contract'
import type { EngineContext, EngineResult, EngineTask } from '../types.ts'

/** What a step may need beyond its task: the ffmpeg binary, found once per process. */
export interface LocalTools {
  ffmpeg(): Promise<string>
}

/** One step as the local engine runs it: the model name it reports, and the work. */
export interface LocalStep<S extends Step> {
  model: string
  run(task: Extract<EngineTask, { kind: S }>, ctx: EngineContext, tools: LocalTools): Promise<EngineResult>
}
