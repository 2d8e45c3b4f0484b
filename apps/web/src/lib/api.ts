import {
  ANIMATE_TIMEOUT_MS,
  CLIENT_TIMEOUT_MS,
  ERROR_CODES,
  type ErrorCode,
  HEALTH_TIMEOUT_MS,
  type RouteInput,
  type RouteKey,
  type RouteResponse,
} from '@parti/contract'
import i18next from 'i18next'

/**
 * The one API client (docs/product.md#api-conventions): base /api, the UI language in Accept-Language, the
 * session cookie sent with every call (credentials: 'include'; the browser never sees a token), a 120 s
 * timeout by default, and the one error shape `{error:{code,message,details?}}` turned into a typed ApiError.
 */

const API_BASE = '/api'

/** Failures that happen before the server answers; the rest come from ERROR_CODES. */
export const CLIENT_ERROR_CODES = ['network_error', 'timeout'] as const
type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number]
export type ApiErrorCode = ErrorCode | ClientErrorCode

export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

const KNOWN_CODES = new Set<string>([...ERROR_CODES, ...CLIENT_ERROR_CODES])
function isKnownErrorCode(code: string): code is ApiErrorCode {
  return KNOWN_CODES.has(code)
}

/** The code a status stands for when the body is not our error shape (a proxy page, an empty 502…). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'validation_failed'
    case 401:
      return 'unauthorized'
    case 402:
      return 'insufficient_credits'
    case 403:
      return 'forbidden'
    case 404:
      return 'not_found'
    case 409:
      return 'conflict'
    case 413:
      return 'payload_too_large'
    case 415:
      return 'unsupported_media_type'
    case 422:
      return 'unprocessable'
    case 429:
      return 'rate_limited'
    case 502:
    case 503:
    case 504:
      return 'unavailable'
    default:
      return 'internal'
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Turns a failed response's status and parsed body (or null) into an ApiError. */
export function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : null
  const rawCode = error && typeof error.code === 'string' ? error.code : null
  const code: ApiErrorCode = rawCode && isKnownErrorCode(rawCode) ? rawCode : codeForStatus(status)
  const message = error && typeof error.message === 'string' ? error.message : `HTTP ${status}`
  const details = error && isRecord(error.details) ? error.details : undefined
  return new ApiError(status, code, message, details)
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown
  timeoutMs?: number
  signal?: AbortSignal
  headers?: Record<string, string>
}

function currentLanguage(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? 'en'
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, timeoutMs = CLIENT_TIMEOUT_MS, signal, headers = {} } = options
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const onCallerAbort = () => controller.abort()
  signal?.addEventListener('abort', onCallerAbort, { once: true })

  const init: RequestInit = {
    method,
    credentials: 'include',
    signal: controller.signal,
    headers: { Accept: 'application/json', 'Accept-Language': currentLanguage(), ...headers },
  }
  if (body instanceof FormData) {
    init.body = body
  } else if (body !== undefined) {
    init.body = JSON.stringify(body)
    ;(init.headers as Record<string, string>)['Content-Type'] = 'application/json'
  }

  let response: Response
  try {
    response = await fetch(`${API_BASE}${path}`, init)
  } catch (cause) {
    if (timedOut) throw new ApiError(0, 'timeout', `Request timed out after ${timeoutMs} ms`)
    if (signal?.aborted) throw cause
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error')
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onCallerAbort)
  }

  const text = await response.text()
  let parsed: unknown = null
  if (text) {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = null
    }
  }
  if (!response.ok) throw toApiError(response.status, parsed)
  return parsed as T
}

/** The transport without types; screens use `call()`, whose route says what goes in and what comes back. */
export const api = {
  get: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'GET' }),
  post: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'POST', body }),
  put: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'PUT', body }),
  patch: (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'PATCH', body }),
  delete: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'DELETE' }),
}

/** The live check runs every hosted step one after another, the video step alone up to its 14-minute limit. */
const ENGINES_CHECK_TIMEOUT_MS = 30 * 60_000

/** Calls that wait longer (or shorter) than the default: video creation, the live check, the health check. */
const ROUTE_TIMEOUTS: Partial<Record<RouteKey, number>> = {
  'POST /render/animate': ANIMATE_TIMEOUT_MS,
  'GET /health': HEALTH_TIMEOUT_MS,
  // one real job per hosted step, a video among them: the check answers when the last has (docs/hosted-engines.md#live-check)
  'POST /admin/engines/check': ENGINES_CHECK_TIMEOUT_MS,
}

interface CallOptions {
  signal?: AbortSignal
  timeoutMs?: number
}
type CallInput<K extends RouteKey> = RouteInput<K> & CallOptions
type CallArgs<K extends RouteKey> =
  Partial<CallInput<K>> extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>]

/** A query string of the fields that are set, in the order given. */
export function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v))
  return params.toString()
}

/**
 * One API call, named by its route in the contract's table (`'GET /user/generations/{id}'`): the table types
 * its path parameters, query and body and what it answers, so no call site states a response type by hand.
 */
export function call<K extends RouteKey>(route: K, ...[input]: CallArgs<K>): Promise<RouteResponse<K>> {
  const space = route.indexOf(' ')
  const method = route.slice(0, space) as NonNullable<RequestOptions['method']>
  const { params, query, body, signal, timeoutMs } = (input ?? {}) as CallOptions & {
    params?: Record<string, string>
    query?: Record<string, unknown>
    body?: unknown
  }
  const path = route
    .slice(space + 1)
    .replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''))
  const search = query ? queryString(query) : ''
  return apiRequest<RouteResponse<K>>(search ? `${path}?${search}` : path, {
    method,
    body,
    signal,
    timeoutMs: timeoutMs ?? ROUTE_TIMEOUTS[route],
  })
}
