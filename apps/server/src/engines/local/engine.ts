import { STEPS } from '@parti/contract'
import type { Engine, EngineContext, EngineResult, EngineTask } from '../types.ts'
import { EngineError } from '../types.ts'
import { resolveFfmpeg } from './ffmpeg/find.ts'
import { LOCAL_MODELS } from './models.ts'
import { loadOpenCv } from './opencv.ts'
import { runAnimate } from './tasks/animate.ts'
import { runInpaint } from './tasks/inpaint.ts'
import { runMagicEdit } from './tasks/magic-edit.ts'
import { runMultiAngle } from './tasks/multi-angle.ts'
import { runSketch } from './tasks/sketch.ts'
import { runStagingClean, runStagingStage } from './tasks/staging.ts'

export interface LocalEngineOptions {
  /** an ffmpeg binary to use instead of discovery (FFMPEG_PATH, PATH, @ffmpeg-installer/ffmpeg) */
  ffmpegPath?: string
}

/**
 * The built-in engine: no network, no GPU, no keys. sharp, OpenCV.js and ffmpeg do real image processing and
 * real video; it never pretends to be a diffusion model.
 */
export function createLocalEngine(options: LocalEngineOptions = {}): Engine {
  let ffmpeg: Promise<string> | undefined
  const ffmpegPath = () => {
    ffmpeg ??= resolveFfmpeg(options.ffmpegPath)
    ffmpeg.catch(() => {
      ffmpeg = undefined // a later job (or check) tries again, e.g. after ffmpeg was installed
    })
    return ffmpeg
  }

  async function dispatch(task: EngineTask, ctx: EngineContext): Promise<EngineResult> {
    switch (task.kind) {
      case 'sketch':
        return runSketch(task, ctx)
      case 'multi-angle':
        return runMultiAngle(task, ctx)
      case 'staging-clean':
        return runStagingClean(task, ctx)
      case 'staging-stage':
        return runStagingStage(task, ctx)
      case 'inpaint':
        return runInpaint(task, ctx)
      case 'magic-edit':
        return runMagicEdit(task, ctx)
      case 'animate': {
        let path: string
        try {
          path = await ffmpegPath()
        } catch (error) {
          throw new EngineError('provider_failed', STEPS.animate.failure, {
            cause: error,
            detail: error instanceof Error ? error.message : String(error),
          })
        }
        return runAnimate(task, ctx, path)
      }
    }
  }

  return {
    id: 'local',
    supports: () => true,
    modelFor: (kind) => LOCAL_MODELS[kind],
    async run(task, ctx) {
      if (ctx.signal.aborted) throw new EngineError('cancelled', 'The job was cancelled.')
      try {
        return await dispatch(task, ctx)
      } catch (error) {
        if (error instanceof EngineError) throw error
        if (ctx.signal.aborted) throw new EngineError('cancelled', 'The job was cancelled.', { cause: error })
        // an unexpected failure of our own code or a tool: deterministic, so failing for good beats retrying
        throw new EngineError('provider_failed', STEPS[task.kind].failure, {
          cause: error,
          detail: error instanceof Error ? error.message : String(error),
        })
      }
    },
    async check() {
      await resolveFfmpeg(options.ffmpegPath).catch((error: unknown) => {
        throw new Error(`Local engine: ${error instanceof Error ? error.message : String(error)}`)
      })
      // warms OpenCV.js (~0.3 s) at start-up rather than in the first job
      await loadOpenCv()
    },
  }
}
