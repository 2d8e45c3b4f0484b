import { ERROR_MESSAGES, type ErrorCode } from '@parti/contract'

const STATUS: Partial<Record<ErrorCode, number>> = {
  unauthorized: 401,
  invalid_credentials: 401,
  email_taken: 409,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
}

/** An error the API answers with the one error shape; everything else becomes a 500 without details. */
export class AppError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
    status?: number,
  ) {
    super(message ?? ERROR_MESSAGES[code])
    this.name = 'AppError'
    this.status = status ?? STATUS[code] ?? 400
  }
}

export const notFound = () => new AppError('not_found')
export const unauthorized = () => new AppError('unauthorized')
export const forbidden = () => new AppError('forbidden')
/** A spec §5 validation failure: 400 with the spec's message for the code, naming the field. */
export const invalid = (code: ErrorCode, field?: string) =>
  new AppError(code, undefined, field ? { field } : undefined, STATUS[code] ?? 400)
