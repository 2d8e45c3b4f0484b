import type { Logger } from 'pino'
import type { ModelTable } from '../plan-rules.ts'
import { withDeadline } from '../shared/deadline.ts'
import { downloadOutput, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../shared/download.ts'
import { looksRefused, providerFailed, redact, refused, toEngineError } from '../shared/errors.ts'
import { isPassing, type RetryPolicy } from '../shared/http.ts'
import { toEngineOutput } from '../shared/outputs.ts'
import { Progress, progressFromLogs, TYPICAL_MS } from '../shared/progress.ts'
import { resolveFfmpeg } from '../shared/video.ts'
import type { WebhookSignals } from '../shared/webhooks.ts'
import type { Engine, EngineContext, EngineResult, EngineTask, EngineTaskKind } from '../types.ts'
import { type Prediction, ReplicateClient, TERMINAL } from './client.ts'
import { replicateInput } from './inputs.ts'

export interface ReplicateEngineOptions {
  token: string
  baseUrl: string
  models: ModelTable
  /** where Replicate posts the final state; null polls only */
  webhookUrl: string | null
  signals: WebhookSignals
  /** the fallback poll; with webhooks it only matters when a delivery is lost */
  pollIntervalMs: number
  timeouts: { imageMs: number; videoMs: number }
  ffmpegPath?: string
  retry?: RetryPolicy
  log: Logger
}

/** Replicate predictions: create, then wait for the webhook or poll, then copy the output into our storage. */
export function createReplicateEngine(options: ReplicateEngineOptions): Engine {
  const client = new ReplicateClient(options)
  const ffmpegPath = resolveFfmpeg(options.ffmpegPath)
  const modelFor = (kind: EngineTaskKind) => {
    const m = options.models[kind]
    if (!m) throw new Error(`replicate has no model for ${kind}`)
    return m.default
  }

  async function run(task: EngineTask, ctx: EngineContext): Promise<EngineResult> {
    const kind = task.kind
    const model = ctx.model ?? modelFor(kind)
    const progress = new Progress(ctx, TYPICAL_MS[kind])
    const limit = kind === 'animate' ? options.timeouts.videoMs : options.timeouts.imageMs
    return withDeadline(ctx, kind, limit, async (signal, onAbort) => {
      try {
        const { input, prompt } = await replicateInput(model, task)
        progress.queued()
        // not abortable: a prediction created while the job is cancelled must still be cancelled, by id
        let prediction = await client.create(model, input, options.webhookUrl, AbortSignal.timeout(120_000))
        const id = prediction.id
        onAbort(() => client.cancel(id))
        signal.throwIfAborted()
        const watch = options.signals.watch('replicate', id)
        try {
          while (!TERMINAL.has(prediction.status)) {
            if (prediction.status === 'processing') progress.running(progressFromLogs(prediction.logs))
            await watch.wait(options.pollIntervalMs, signal)
            prediction = await client.get(id, signal).catch((err) => {
              // a passing outage of the API does not end a prediction that runs for minutes; the time limit does
              if (!isPassing(err)) throw err
              options.log.warn(
                { jobId: ctx.jobId, prediction: id, err: String(err) },
                'replicate poll failed; retrying',
              )
              return prediction
            })
          }
        } finally {
          watch.close()
        }
        onAbort(null)
        if (prediction.status !== 'succeeded') throw failure(kind, prediction)
        progress.downloading()
        const url = outputUrl(kind, prediction.output)
        const data = await downloadOutput(url, {
          kind,
          signal,
          maxBytes: kind === 'animate' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES,
          retry: options.retry,
        })
        const output = await toEngineOutput(task, data, { ffmpegPath, tmpDir: ctx.tmpDir, signal })
        options.log.debug({ jobId: ctx.jobId, prediction: id, model }, 'replicate prediction copied')
        return { outputs: [output], facts: { engine: 'replicate', model, enhancedPrompt: prompt } }
      } catch (err) {
        if (signal.aborted) throw err
        throw toEngineError(kind, 'replicate', err, [options.token])
      }
    })
  }

  function failure(kind: EngineTaskKind, p: Prediction) {
    const text = redact(typeof p.error === 'string' ? p.error : JSON.stringify(p.error ?? ''), [
      options.token,
    ])
    const detail = `replicate prediction ${p.id} ${p.status}: ${text.slice(0, 300)}`
    return looksRefused(text) ? refused(kind, detail) : providerFailed(kind, detail)
  }

  return {
    id: 'replicate',
    supports: (kind) => !!options.models[kind],
    modelFor,
    run,
  }
}

/** Outputs are a URI, a list of URIs, or an object of them, depending on the model: take the first file. */
export function outputUrl(kind: EngineTaskKind, output: unknown): string {
  const urls: string[] = []
  const walk = (v: unknown) => {
    if (typeof v === 'string' && /^(https?:|data:)/.test(v)) urls.push(v)
    else if (Array.isArray(v)) v.forEach(walk)
    else if (v && typeof v === 'object') Object.values(v).forEach(walk)
  }
  walk(output)
  const pick =
    kind === 'animate'
      ? (urls.find((u) => /\.(mp4|mov|webm)(\?|$)|^data:video\//.test(u)) ?? urls[0])
      : (urls.find((u) => !/\.(mp4|mov|webm)(\?|$)/.test(u)) ?? urls[0])
  if (!pick) throw providerFailed(kind, 'the prediction succeeded without an output file')
  return pick
}
