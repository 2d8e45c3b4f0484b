/**
 * Calls to hosted providers: a per-attempt timeout, retries with exponential backoff on 429, 5xx and network
 * failures (honouring Retry-After), and an abort signal that stops everything at once.
 */

export interface RetryPolicy {
  /** extra attempts after the first */
  retries: number
  /** first backoff; doubles each attempt, with jitter */
  baseMs: number
  /** a Retry-After longer than this is cut short */
  maxMs: number
}

const DEFAULT_RETRY: RetryPolicy = { retries: 4, baseMs: 500, maxMs: 30_000 }

export interface ProviderRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  headers?: Record<string, string>
  /** a plain object is sent as JSON; FormData as multipart */
  body?: unknown
  signal: AbortSignal
  /** per attempt */
  timeoutMs?: number
  retry?: RetryPolicy
}

/** A provider answered with an error status, or could not be reached. `body` is for the server log only. */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly url: string,
  ) {
    super(status ? `HTTP ${status} from ${hostOf(url)}: ${body.slice(0, 300)}` : `${hostOf(url)}: ${body}`)
    this.name = 'ProviderHttpError'
  }
}

/** Throttled, a server error, or no answer: worth asking again later (after providerFetch's own retries). */
export function isPassing(err: unknown): boolean {
  return (
    err instanceof ProviderHttpError &&
    (err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500)
  )
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return 'provider'
  }
}

const shouldRetry = (status: number) => status === 408 || status === 429 || status >= 500

/** Fetch with retries; resolves with the first 2xx response, throws ProviderHttpError otherwise. */
export async function providerFetch(url: string, req: ProviderRequest): Promise<Response> {
  const policy = req.retry ?? DEFAULT_RETRY
  let last: ProviderHttpError | null = null
  for (let attempt = 0; attempt <= policy.retries; attempt++) {
    if (req.signal.aborted) throw req.signal.reason
    let res: Response
    try {
      res = await fetch(url, {
        method: req.method ?? 'GET',
        headers: requestHeaders(req),
        body: requestBody(req.body),
        signal: AbortSignal.any([req.signal, AbortSignal.timeout(req.timeoutMs ?? 60_000)]),
      })
    } catch (err) {
      if (req.signal.aborted) throw req.signal.reason
      last = new ProviderHttpError(0, describeNetworkError(err), url)
      await backoff(policy, attempt, null, req.signal)
      continue
    }
    if (res.ok) return res
    const text = await res.text().catch(() => '')
    last = new ProviderHttpError(res.status, text, url)
    if (!shouldRetry(res.status)) throw last
    await backoff(policy, attempt, res.headers.get('retry-after'), req.signal)
  }
  throw last ?? new ProviderHttpError(0, 'no attempt was made', url)
}

/** JSON in, JSON out. */
export async function providerJson<T>(url: string, req: ProviderRequest): Promise<T> {
  const res = await providerFetch(url, req)
  const text = await res.text()
  try {
    return (text ? JSON.parse(text) : {}) as T
  } catch {
    throw new ProviderHttpError(res.status, `not JSON: ${text.slice(0, 200)}`, url)
  }
}

function requestHeaders(req: ProviderRequest): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers }
  if (isJsonBody(req.body)) headers['content-type'] = 'application/json'
  return headers
}

function requestBody(body: unknown): RequestInit['body'] {
  if (body === undefined) return undefined
  if (isJsonBody(body)) return JSON.stringify(body)
  return body as RequestInit['body']
}

function isJsonBody(body: unknown): boolean {
  return (
    body !== undefined &&
    typeof body === 'object' &&
    body !== null &&
    !(body instanceof FormData) &&
    !(body instanceof Blob) &&
    !(body instanceof ArrayBuffer) &&
    !ArrayBuffer.isView(body)
  )
}

function describeNetworkError(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (e?.name === 'TimeoutError') return 'no answer in time'
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? 'network error'
}

/** Exponential backoff with jitter, or the provider's Retry-After when it gives one. */
function backoffDelay(policy: RetryPolicy, attempt: number, retryAfter: string | null): number {
  if (retryAfter) {
    const seconds = Number(retryAfter)
    const ms = Number.isFinite(seconds) ? seconds * 1000 : new Date(retryAfter).getTime() - Date.now()
    if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, policy.maxMs)
  }
  const base = policy.baseMs * 2 ** attempt
  return Math.min(policy.maxMs, base + Math.random() * policy.baseMs * 0.25)
}

async function backoff(policy: RetryPolicy, attempt: number, retryAfter: string | null, signal: AbortSignal) {
  if (attempt >= policy.retries) return
  await sleep(backoffDelay(policy, attempt, retryAfter), signal)
}

/** A sleep that ends early (rejecting with the signal's reason) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(t)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
