import { STEPS, type Step } from '@parti/contract'
import type { Engine, EngineContext, EngineTask } from '../types.ts'
import { EngineError } from '../types.ts'
import { LOCAL_CAPABILITIES } from './capabilities.ts'
import { resolveFfmpeg } from './ffmpeg/find.ts'
import { loadOpenCv } from './opencv.ts'
import type { LocalStep, LocalTools } from './step.ts'
import { animateStep } from './tasks/animate.ts'
import { duskStep } from './tasks/dusk.ts'
import { inpaintStep } from './tasks/inpaint.ts'
import { lightStep } from './tasks/light.ts'
import { magicEditStep } from './tasks/magic-edit.ts'
import { multiAngleStep } from './tasks/multi-angle.ts'
import { privacyStep } from './tasks/privacy.ts'
import { repaintStep } from './tasks/repaint.ts'
import { sketchStep } from './tasks/sketch.ts'
import { skyStep } from './tasks/sky.ts'
import { stagingCleanStep, stagingStageStep } from './tasks/staging.ts'
import { straightenStep } from './tasks/straighten.ts'
import { upscaleStep } from './tasks/upscale.ts'

/** Every step, as the local engine runs it: a new step is its task file and one line here. */
const LOCAL_STEPS: { [S in Step]: LocalStep<S> } = {
  sketch: sketchStep,
  'multi-angle': multiAngleStep,
  'staging-clean': stagingCleanStep,
  'staging-stage': stagingStageStep,
  inpaint: inpaintStep,
  'magic-edit': magicEditStep,
  animate: animateStep,
  straighten: straightenStep,
  upscale: upscaleStep,
  light: lightStep,
  sky: skyStep,
  dusk: duskStep,
  privacy: privacyStep,
  repaint: repaintStep,
}

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

  const tools: LocalTools = {
    async ffmpeg() {
      try {
        return await ffmpegPath()
      } catch (error) {
        throw new EngineError(
          'provider_failed',
          { id: STEPS.animate.failure },
          {
            cause: error,
            detail: error instanceof Error ? error.message : String(error),
          },
        )
      }
    },
  }
  const run = <S extends EngineTask['kind']>(task: Extract<EngineTask, { kind: S }>, ctx: EngineContext) =>
    (LOCAL_STEPS[task.kind] as LocalStep<S>).run(task, ctx, tools)

  return {
    id: 'local',
    supports: () => true,
    modelFor: (kind) => LOCAL_STEPS[kind].model,
    capabilities: (step) => LOCAL_CAPABILITIES[step],
    async run(task, ctx) {
      if (ctx.signal.aborted) throw new EngineError('cancelled', { id: 'cancelled' })
      try {
        return await run(task, ctx)
      } catch (error) {
        if (error instanceof EngineError) throw error
        if (ctx.signal.aborted) throw new EngineError('cancelled', { id: 'cancelled' }, { cause: error })
        // an unexpected failure of our own code or a tool: deterministic, so failing for good beats retrying
        throw new EngineError(
          'provider_failed',
          { id: STEPS[task.kind].failure },
          {
            cause: error,
            detail: error instanceof Error ? error.message : String(error),
          },
        )
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
