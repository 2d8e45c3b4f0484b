import { providerJson, type RetryPolicy } from '../shared/http.ts'

/** What the queue answers on submit: the request id and the URLs to use from then on. */
interface FalQueued {
  request_id: string
  status_url?: string
  response_url?: string
  cancel_url?: string
}

interface FalStatus {
  status: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' | string
  queue_position?: number
  logs?: Array<{ message?: string }> | null
  /** set on COMPLETED when the request failed */
  error?: unknown
}

export interface FalClientOptions {
  key: string
  baseUrl: string
  retry?: RetryPolicy
}

/** fal's queue API: submit, status, result, cancel. */
export class FalClient {
  constructor(private readonly options: FalClientOptions) {}

  private headers() {
    return { authorization: `Key ${this.options.key}` }
  }

  async submit(model: string, input: Record<string, unknown>, webhook: string | null, signal: AbortSignal) {
    const query = webhook ? `?fal_webhook=${encodeURIComponent(webhook)}` : ''
    const queued = await providerJson<FalQueued>(`${this.options.baseUrl}/${model}${query}`, {
      method: 'POST',
      headers: this.headers(),
      body: input,
      signal,
      timeoutMs: 60_000,
      retry: this.options.retry,
    })
    // the documented way is to use the returned URLs; they are built from the app id (owner/name, no subpath)
    const base = `${this.options.baseUrl}/${model.split('/').slice(0, 2).join('/')}/requests/${queued.request_id}`
    return {
      id: queued.request_id,
      statusUrl: queued.status_url ?? `${base}/status`,
      responseUrl: queued.response_url ?? base,
      cancelUrl: queued.cancel_url ?? `${base}/cancel`,
    }
  }

  status(statusUrl: string, signal: AbortSignal) {
    const url = `${statusUrl}${statusUrl.includes('?') ? '&' : '?'}logs=1`
    return providerJson<FalStatus>(url, {
      headers: this.headers(),
      signal,
      timeoutMs: 30_000,
      retry: this.options.retry,
    })
  }

  result(responseUrl: string, signal: AbortSignal) {
    return providerJson<Record<string, unknown>>(responseUrl, {
      headers: this.headers(),
      signal,
      timeoutMs: 60_000,
      retry: this.options.retry,
    })
  }

  /** Best effort, with its own short deadline: the job's signal has already fired. */
  async cancel(cancelUrl: string): Promise<void> {
    await providerJson(cancelUrl, {
      method: 'PUT',
      headers: this.headers(),
      signal: AbortSignal.timeout(15_000),
      retry: { retries: 1, baseMs: 300, maxMs: 2000 },
    })
  }
}

export type FalRequest = Awaited<ReturnType<FalClient['submit']>>
