import { providerJson, type RetryPolicy } from '../shared/http.ts'

type PredictionStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted'

/** The fields of a Replicate prediction the adapter reads. */
export interface Prediction {
  id: string
  status: PredictionStatus
  output?: unknown
  error?: unknown
  logs?: string | null
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
}
