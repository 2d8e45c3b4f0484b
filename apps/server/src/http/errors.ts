import type { ErrorBody, ErrorCode } from '@parti/contract'
import { AppError } from '../domain/errors.ts'

/** How each error code is answered over HTTP; a code not listed (the per-field validation codes) is a 400. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  unauthorized: 401,
  invalid_credentials: 401,
  email_taken: 409,
  link_expired: 400,
  wrong_password: 403,
  provider_sign_in: 401,
  insufficient_credits: 402,
  forbidden: 403,
  api_access_required: 403,
  api_key_not_allowed: 403,
  sign_up_closed: 403,
  demo_mode: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  not_offered: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
}

/** The status of an expected failure: its family's when it has one (domain/errors.ts), else its code's. */
export const statusOf = (err: AppError): number =>
  err instanceof HttpOnlyError ? err.status : (STATUS[err.family ?? err.code] ?? 400)

export const errorBody = (code: string, message: string, details?: Record<string, unknown>): ErrorBody => ({
  error: details ? { code, message, details } : { code, message },
})

/**
 * A failure only HTTP has, with its own status (416: a byte range outside the file); the product's failures
 * are AppErrors with a code, and their status comes from the map above.
 */
export class HttpOnlyError extends AppError {
  constructor(
    readonly status: number,
    code: ErrorCode,
    message: string,
  ) {
    super(code, message)
  }
}
