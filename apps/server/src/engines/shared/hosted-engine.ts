import { type InputLimits, STEPS } from '@parti/contract'
import type { HostedId } from '../descriptor.ts'
import type { ModelTable } from '../plan-rules.ts'
import type {
  Engine,
  EngineContext,
  EngineError,
  EngineResult,
  EngineTask,
  EngineTaskKind,
  StepSupport,
} from '../types.ts'
import { type OnAbort, withDeadline } from './deadline.ts'
import { toEngineError } from './errors.ts'
import { toEngineOutput } from './outputs.ts'
import { Progress, TYPICAL_MS } from './progress.ts'
import { resolveFfmpeg } from './video.ts'

/** Listing photo prep a hosted edit model redraws whole (docs/decisions/0125-hosted-sky-and-dusk.md). */
const REDRAWN_PREP: ReadonlySet<EngineTaskKind> = new Set(['sky', 'dusk'])

export interface HostedEngineOptions {
  id: HostedId
  models: ModelTable
  timeouts: { imageMs: number; videoMs: number }
  ffmpegPath?: string
  /** the provider's keys: never in an error's text */
  secrets?: string[]
  /** what the provider's models are, for the message when a step has none (ComfyUI: workflows) */
  modelNoun?: string
  /** how many times the typical run time its runs take, for the progress curve */
  typicalScale?: number
  /** a failure this provider reports its own way; anything else gets the common mapping (toEngineError) */
  mapError?(kind: EngineTaskKind, err: unknown): EngineError | null
  check?(): Promise<void>
  /** what each model does with each ask of a step (shared/hosted-capabilities.ts) */
  capabilities(step: EngineTaskKind, model: string): StepSupport
  /** the input picture a model accepts, when narrower than Parti's own limits */
  inputLimits?(step: EngineTaskKind, model: string): InputLimits | null
}

/** What one run of a hosted engine works with. */
export interface HostedRun {
  kind: EngineTaskKind
  /** the model the plan rules chose, or the step's default */
  model: string
  jobId: string
  /** fires when the job is cancelled or out of time; the run then stops where it is */
  signal: AbortSignal
  /** registers how to stop the provider's work if the job ends without its result */
  onAbort: OnAbort
  progress: Progress
}

/** What a run brings back: the provider's file, the prompt it was sent, and for Ask Parti the reply. */
export interface HostedWork {
  data: Buffer
  prompt: string
  reply?: string
}

/**
 * An engine at a hosted provider. The provider's part is `work`: send the task, bring back the file. Around
 * it, the same for every provider: the model of the step, the time limit of its media and the job's
 * cancellation (withDeadline), progress, any failure as the EngineError the worker acts on (keys redacted),
 * and the file checked and converted into the product's output (masks composited back, videos normalised).
 */
export function hostedEngine(
  options: HostedEngineOptions,
  work: (task: EngineTask, run: HostedRun) => Promise<HostedWork>,
): Engine {
  const ffmpegPath = resolveFfmpeg(options.ffmpegPath)
  const modelFor = (kind: EngineTaskKind) => {
    const m = options.models[kind]
    if (!m) throw new Error(`${options.id} has no ${options.modelNoun ?? 'model'} for ${kind}`)
    return m.default
  }

  async function run(task: EngineTask, ctx: EngineContext): Promise<EngineResult> {
    const kind = task.kind
    const model = ctx.model ?? modelFor(kind)
    const progress = new Progress(ctx, TYPICAL_MS[kind] * (options.typicalScale ?? 1))
    const limit = STEPS[kind].media === 'video' ? options.timeouts.videoMs : options.timeouts.imageMs
    return withDeadline(ctx, kind, limit, async (signal, onAbort) => {
      try {
        const done = await work(task, { kind, model, jobId: ctx.jobId, signal, onAbort, progress })
        const output = await toEngineOutput(task, done.data, { ffmpegPath, tmpDir: ctx.tmpDir, signal })
        return {
          outputs: [output],
          facts: {
            engine: options.id,
            model,
            enhancedPrompt: done.prompt,
            ...(done.reply === undefined ? {} : { reply: done.reply }),
            // a redrawn sky has no finding to report: said, not left to look like the built-in one's figures
            ...(REDRAWN_PREP.has(kind) ? { notes: [{ id: 'hosted_sky_edit' as const }] } : {}),
          },
        }
      } catch (err) {
        if (signal.aborted) throw err
        throw options.mapError?.(kind, err) ?? toEngineError(kind, options.id, err, options.secrets)
      }
    })
  }

  return {
    id: options.id,
    supports: (kind) => !!options.models[kind],
    modelFor,
    run,
    capabilities: options.capabilities,
    ...(options.inputLimits ? { inputLimits: options.inputLimits } : {}),
    ...(options.check ? { check: options.check } : {}),
  }
}
