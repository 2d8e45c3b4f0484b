import type { Logger } from 'pino'
import type { ModelTable } from '../plan-rules.ts'
import { providerFailed, refused } from '../shared/errors.ts'
import { fileInputs } from '../shared/file-inputs.ts'
import { hostedInputLimits, hostedSupport, modelFamily } from '../shared/hosted-capabilities.ts'
import { hostedEngine } from '../shared/hosted-engine.ts'
import type { RetryPolicy } from '../shared/http.ts'
import { type QueueClient, type QueuedJob, runQueued } from '../shared/queued-run.ts'
import type { WebhookSignals } from '../shared/webhooks.ts'
import type { Engine, EngineTaskKind } from '../types.ts'
import { FalClient, type FalRequest } from './client.ts'
import { falFlagged, falInput, falOutputUrl } from './inputs.ts'

export interface FalEngineOptions {
  key: string
  baseUrl: string
  /** fal's REST API, for storage uploads */
  restUrl: string
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

/**
 * The longest data URI sent inline: fal reads URLs on every endpoint and data URIs on some, and advises its CDN
 * for file inputs; small ones stay inline to save a round trip
 * (docs/decisions/0094-large-inputs-through-provider-file-apis.md).
 */
const FAL_INLINE_MAX = 1_000_000

/** fal's queue: submit, then wait for the webhook or poll the status, then fetch the result and copy its file. */
export function createFalEngine(options: FalEngineOptions): Engine {
  const api = new FalClient(options)
  const secrets = [options.key]
  return hostedEngine(
    {
      id: 'fal',
      ...options,
      secrets,
      capabilities: (step, model) => hostedSupport(step, { family: modelFamily(model) }),
      inputLimits: (step, model) => hostedInputLimits(step, { family: modelFamily(model) }),
    },
    async (task, run) => {
      // inputs past FAL_INLINE_MAX go to fal's CDN, where they expire after an hour
      const files = fileInputs(FAL_INLINE_MAX, async (image) => ({
        url: await api.upload(image, run.signal),
      }))
      const { input, prompt } = await falInput(run.model, task, files)
      const client = requestClient(api, options, run.model, input, task.kind)
      const data = await runQueued(client, run, { provider: 'fal', ...options, secrets })
      return { data, prompt }
    },
  )
}

type RequestJob = QueuedJob<null> & FalRequest

/** One request in fal's queue, followed through the URLs its submit answered with. */
function requestClient(
  api: FalClient,
  options: FalEngineOptions,
  model: string,
  input: Record<string, unknown>,
  kind: EngineTaskKind,
): QueueClient<RequestJob, null> {
  return {
    submit: () => api.submit(model, input, options.webhookUrl, AbortSignal.timeout(120_000)),
    async status(job, signal) {
      const s = await api.status(job.statusUrl, signal)
      if (s.status === 'COMPLETED')
        return s.error
          ? { state: 'failed', what: `request ${job.id} failed`, error: s.error }
          : { state: 'succeeded', done: null }
      return s.status === 'IN_PROGRESS' ? { state: 'running' } : { state: 'queued' }
    },
    async result(job, _done, signal) {
      const answer = await api.result(job.responseUrl, signal)
      // a flagged FLUX output is a filtered (black) picture: a refusal, never stored
      if (falFlagged(answer))
        throw refused(kind, `fal request ${job.id}: has_nsfw_concepts flagged the output`)
      const url = falOutputUrl(answer)
      if (!url) throw providerFailed(kind, `fal request ${job.id} completed without an output file`)
      return url
    },
    cancel: (job) => api.cancel(job.cancelUrl),
    watch: (job) => options.signals.watch('fal', job.id),
  }
}
