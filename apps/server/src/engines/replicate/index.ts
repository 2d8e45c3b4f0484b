import type { Logger } from 'pino'
import type { ModelTable } from '../plan-rules.ts'
import { providerFailed } from '../shared/errors.ts'
import { fileInputs } from '../shared/file-inputs.ts'
import { hostedInputLimits, hostedSupport, modelFamily } from '../shared/hosted-capabilities.ts'
import { hostedEngine } from '../shared/hosted-engine.ts'
import type { RetryPolicy } from '../shared/http.ts'
import { progressFromLogs } from '../shared/progress.ts'
import { type QueueClient, type QueuedJob, type QueuedStatus, runQueued } from '../shared/queued-run.ts'
import type { WebhookSignals } from '../shared/webhooks.ts'
import type { Engine, EngineTaskKind } from '../types.ts'
import { type Prediction, ReplicateClient } from './client.ts'
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

/**
 * The longest data URI sent inline: Replicate advises data URIs for files under about 1 MB and URLs (its files
 * API) beyond (docs/decisions/0094-large-inputs-through-provider-file-apis.md).
 */
const REPLICATE_INLINE_MAX = 1_000_000

/** Replicate predictions: create, then wait for the webhook or poll, then copy the output into our storage. */
export function createReplicateEngine(options: ReplicateEngineOptions): Engine {
  const api = new ReplicateClient(options)
  const secrets = [options.token]
  return hostedEngine(
    {
      id: 'replicate',
      ...options,
      secrets,
      capabilities: (step, model) => hostedSupport(step, { family: modelFamily(model) }),
      inputLimits: (step, model) => hostedInputLimits(step, { family: modelFamily(model) }),
    },
    async (task, run) => {
      // inputs past Replicate's data URI size go through its files API, removed when the run is over
      const files = fileInputs(REPLICATE_INLINE_MAX, async (image) => {
        const f = await api.uploadFile(image, run.signal)
        return { url: f.urls.get, remove: () => api.deleteFile(f.id) }
      })
      try {
        const { input, prompt } = await replicateInput(run.model, task, files)
        const client = predictionClient(api, options, run.model, input, task.kind)
        const data = await runQueued(client, run, { provider: 'replicate', ...options, secrets })
        return { data, prompt }
      } finally {
        await files.cleanup()
      }
    },
  )
}

type PredictionJob = QueuedJob<unknown>

/** One prediction: the webhook names it by id; its output is a URL to copy. */
function predictionClient(
  api: ReplicateClient,
  options: ReplicateEngineOptions,
  model: string,
  input: Record<string, unknown>,
  kind: EngineTaskKind,
): QueueClient<PredictionJob, unknown> {
  return {
    async submit() {
      const p = await api.create(model, input, options.webhookUrl, AbortSignal.timeout(120_000))
      return { id: p.id, status: statusOf(p) }
    },
    status: async (job, signal) => statusOf(await api.get(job.id, signal)),
    result: async (_job, output) => outputUrl(kind, output),
    cancel: (job) => api.cancel(job.id),
    watch: (job) => options.signals.watch('replicate', job.id),
  }
}

function statusOf(p: Prediction): QueuedStatus<unknown> {
  switch (p.status) {
    case 'processing':
      return { state: 'running', progress: progressFromLogs(p.logs) }
    case 'succeeded':
      return { state: 'succeeded', done: p.output }
    case 'failed':
    case 'canceled':
    case 'aborted':
      return { state: 'failed', what: `prediction ${p.id} ${p.status}`, error: p.error }
    default:
      return { state: 'queued' }
  }
}

/** Outputs are a URI, a list of URIs, or an object of them, depending on the model: take the first file. */
function outputUrl(kind: EngineTaskKind, output: unknown): string {
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
