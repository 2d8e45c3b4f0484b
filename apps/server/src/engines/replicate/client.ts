import { providerFetch, providerJson, type RetryPolicy } from '../shared/http.ts'
import type { PreparedImage } from '../shared/images.ts'

type PredictionStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted'

/** The fields of a Replicate prediction the adapter reads. */
export interface Prediction {
  id: string
  status: PredictionStatus
  output?: unknown
  error?: unknown
  logs?: string | null
}

/** The fields of a Replicate file (POST /files) the adapter reads: `urls.get` is what a prediction input takes. */
interface ReplicateFile {
  id: string
  urls: { get: string }
}

export interface ReplicateClientOptions {
  token: string
  baseUrl: string
  retry?: RetryPolicy
}

/** Replicate's HTTP API (predictions): create, read, cancel. */
export class ReplicateClient {
  constructor(private readonly options: ReplicateClientOptions) {}

  private headers() {
    return { authorization: `Bearer ${this.options.token}` }
  }

  /**
   * `owner/name` runs the model's latest version (POST /models/{owner}/{name}/predictions); `owner/name:sha`
   * pins a version (POST /predictions {version}). With a webhook URL, only the final state is sent to it.
   */
  create(model: string, input: Record<string, unknown>, webhook: string | null, signal: AbortSignal) {
    const [name, version] = model.split(':')
    const url = version
      ? `${this.options.baseUrl}/predictions`
      : `${this.options.baseUrl}/models/${name}/predictions`
    const body: Record<string, unknown> = version ? { version, input } : { input }
    if (webhook) Object.assign(body, { webhook, webhook_events_filter: ['completed'] })
    return providerJson<Prediction>(url, {
      method: 'POST',
      headers: this.headers(),
      body,
      signal,
      timeoutMs: 60_000,
      retry: this.options.retry,
    })
  }

  get(id: string, signal: AbortSignal) {
    return providerJson<Prediction>(`${this.options.baseUrl}/predictions/${encodeURIComponent(id)}`, {
      headers: this.headers(),
      signal,
      timeoutMs: 30_000,
      retry: this.options.retry,
    })
  }

  /** Stops the prediction (and its billing); its own short deadline, since the job's signal has fired. */
  async cancel(id: string): Promise<void> {
    await providerJson(`${this.options.baseUrl}/predictions/${encodeURIComponent(id)}/cancel`, {
      method: 'POST',
      headers: this.headers(),
      signal: AbortSignal.timeout(15_000),
      retry: { retries: 1, baseMs: 300, maxMs: 2000 },
    })
  }

  /**
   * Stores an input through the files API (POST /files, multipart `content` and `metadata`, as the official
   * client sends them); its `urls.get` goes into the prediction's input in place of a data URI.
   */
  uploadFile(image: PreparedImage, signal: AbortSignal) {
    const form = new FormData()
    const name = `input.${image.mime === 'image/png' ? 'png' : 'jpg'}`
    form.append('content', new Blob([new Uint8Array(image.data)], { type: image.mime }), name)
    form.append(
      'metadata',
      new Blob([JSON.stringify({ purpose: 'parti-input' })], { type: 'application/json' }),
    )
    return providerJson<ReplicateFile>(`${this.options.baseUrl}/files`, {
      method: 'POST',
      headers: this.headers(),
      body: form,
      signal,
      timeoutMs: 120_000,
      retry: this.options.retry,
    })
  }

  /** Removes an uploaded input once its prediction is over; best effort, its own short deadline. */
  async deleteFile(id: string): Promise<void> {
    await providerFetch(`${this.options.baseUrl}/files/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      headers: this.headers(),
      signal: AbortSignal.timeout(15_000),
      retry: { retries: 1, baseMs: 300, maxMs: 2000 },
    })
  }
}
