import { providerFetch, providerJson, type RetryPolicy } from '../shared/http.ts'
import type { PreparedImage } from '../shared/images.ts'

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

/** What fal's storage answers to an upload's start: where to PUT the bytes, and the URL models then read. */
interface FalUploadStart {
  upload_url: string
  file_url: string
}

/** How long an uploaded input lives on fal's CDN: an hour, past any step's time limit. */
const UPLOAD_LIFETIME_SECONDS = 3600

export interface FalClientOptions {
  key: string
  baseUrl: string
  /** fal's REST API (storage uploads), https://rest.fal.ai */
  restUrl: string
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

  /**
   * Stores an input on fal's CDN the way `@fal-ai/client`'s storage does: POST
   * /storage/upload/initiate?storage_type=fal-cdn-v3 {content_type, file_name} answers a signed `upload_url`
   * and the `file_url` models read; the bytes are PUT to the former. The object expires after an hour
   * (`X-Fal-Object-Lifecycle`).
   */
  async upload(image: PreparedImage, signal: AbortSignal): Promise<string> {
    const start = await providerJson<FalUploadStart>(
      `${this.options.restUrl}/storage/upload/initiate?storage_type=fal-cdn-v3`,
      {
        method: 'POST',
        headers: {
          ...this.headers(),
          'x-fal-object-lifecycle': JSON.stringify({ expiration_duration_seconds: UPLOAD_LIFETIME_SECONDS }),
        },
        body: {
          content_type: image.mime,
          file_name: `input.${image.mime === 'image/png' ? 'png' : 'jpg'}`,
        },
        signal,
        timeoutMs: 30_000,
        retry: this.options.retry,
      },
    )
    await providerFetch(start.upload_url, {
      method: 'PUT',
      headers: { 'content-type': image.mime },
      body: new Uint8Array(image.data),
      signal,
      timeoutMs: 120_000,
      retry: this.options.retry,
    })
    return start.file_url
  }
}

export type FalRequest = Awaited<ReturnType<FalClient['submit']>>
