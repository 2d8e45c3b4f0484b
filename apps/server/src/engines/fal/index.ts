import type { Logger } from 'pino'
import type { ModelTable } from '../plan-rules.ts'
import { withDeadline } from '../shared/deadline.ts'
import { downloadOutput, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../shared/download.ts'
import { looksRefused, providerFailed, redact, refused, toEngineError } from '../shared/errors.ts'
import { isPassing, type RetryPolicy } from '../shared/http.ts'
import { toEngineOutput } from '../shared/outputs.ts'
import { Progress, TYPICAL_MS } from '../shared/progress.ts'
import { resolveFfmpeg } from '../shared/video.ts'
import type { WebhookSignals } from '../shared/webhooks.ts'
import type { Engine, EngineContext, EngineResult, EngineTask, EngineTaskKind } from '../types.ts'
import { FalClient, type FalStatus } from './client.ts'
import { falInput, falOutputUrl } from './inputs.ts'

export interface FalEngineOptions {
  key: string
  baseUrl: string
  models: ModelTable
  /** where fal posts the result (?fal_webhook=); null polls only */
  webhookUrl: string | null
  signals: WebhookSignals
  pollIntervalMs: number
  timeouts: { imageMs: number; videoMs: number }
  ffmpegPath?: string
  retry?: RetryPolicy
  log: Logger
}

/** fal's queue: submit, then wait for the webhook or poll the status, then fetch the result and copy its file. */
export function createFalEngine(options: FalEngineOptions): Engine {
  const client = new FalClient(options)
  const ffmpegPath = resolveFfmpeg(options.ffmpegPath)
  const modelFor = (kind: EngineTaskKind) => {
    const m = options.models[kind]
    if (!m) throw new Error(`fal has no model for ${kind}`)
    return m.default
  }

  async function run(task: EngineTask, ctx: EngineContext): Promise<EngineResult> {
    const kind = task.kind
    const model = ctx.model ?? modelFor(kind)
    const progress = new Progress(ctx, TYPICAL_MS[kind])
    const limit = kind === 'animate' ? options.timeouts.videoMs : options.timeouts.imageMs
    return withDeadline(ctx, kind, limit, async (signal, onAbort) => {
      try {
        const { input, prompt } = await falInput(model, task)
        progress.queued()
        // not abortable: a request queued while the job is cancelled must still be cancelled
        const request = await client.submit(model, input, options.webhookUrl, AbortSignal.timeout(120_000))
        onAbort(() => client.cancel(request.cancelUrl))
        signal.throwIfAborted()
        const watch = options.signals.watch('fal', request.id)
        try {
          for (;;) {
            const status = await client.status(request.statusUrl, signal).catch((err) => {
              // a passing outage of the queue API does not end the request; the time limit does
              if (!isPassing(err)) throw err
              options.log.warn(
                { jobId: ctx.jobId, request: request.id, err: String(err) },
                'fal status failed; retrying',
              )
              return { status: 'UNKNOWN' } as FalStatus
            })
            if (status.status === 'COMPLETED') {
              onAbort(null)
              if (status.error) throw failure(kind, request.id, status.error)
              break
            }
            if (status.status === 'IN_PROGRESS') progress.running()
            await watch.wait(options.pollIntervalMs, signal)
          }
        } finally {
          watch.close()
        }
        const result = await client.result(request.responseUrl, signal)
        const url = falOutputUrl(result)
        if (!url) throw providerFailed(kind, `fal request ${request.id} completed without an output file`)
        progress.downloading()
        const data = await downloadOutput(url, {
          kind,
          signal,
          maxBytes: kind === 'animate' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES,
          retry: options.retry,
        })
        const output = await toEngineOutput(task, data, { ffmpegPath, tmpDir: ctx.tmpDir, signal })
        return { outputs: [output], facts: { engine: 'fal', model, enhancedPrompt: prompt } }
      } catch (err) {
        if (signal.aborted) throw err
        throw toEngineError(kind, 'fal', err, [options.key])
      }
    })
  }

  function failure(kind: EngineTaskKind, id: string, error: unknown) {
    const text = redact(typeof error === 'string' ? error : JSON.stringify(error), [options.key])
    const detail = `fal request ${id} failed: ${text.slice(0, 300)}`
    return looksRefused(text) ? refused(kind, detail) : providerFailed(kind, detail)
  }

  return { id: 'fal', supports: (kind) => !!options.models[kind], modelFor, run }
}
