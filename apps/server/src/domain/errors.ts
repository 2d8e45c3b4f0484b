import { ERROR_MESSAGES, type ErrorCode } from '@parti/contract'

// The product's failures, named by the contract's error codes and thrown from every layer (the ledger in db/,
// the queue, payments, sign-in, admin). It lives in domain/, the lowest layer, so that any of them can throw
// it without importing upwards; it says what went wrong, never how a transport reports it: the code → HTTP
// status map is at the edge (http/errors.ts). Not lib/: lib/ holds technical helpers with no product words.

/**
 * An expected failure, answered with the one error shape `{ error: { code, message, details? } }`; anything
 * else is an internal error without details. `family` is the general code a more specific one belongs to
 * when the specific one alone would not say how it is answered (a file that is not an image at all is
 * `invalid_image_file` to the user, and an unsupported media type to a transport).
 */
export class AppError extends Error {
  readonly family: ErrorCode | undefined
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
    options: { family?: ErrorCode } = {},
  ) {
    super(message ?? ERROR_MESSAGES[code])
    this.name = 'AppError'
    this.family = options.family
  }
}

export const notFound = () => new AppError('not_found')
export const unauthorized = () => new AppError('unauthorized')
export const forbidden = () => new AppError('forbidden')
/** A validation failure with the product's message for the code, naming the field. */
export const invalid = (code: ErrorCode, field?: string) =>
  new AppError(code, undefined, field ? { field } : undefined)
/** Bytes that are not a PNG, JPEG or WebP image: 'Please select a valid image file', as unsupported media. */
export const notAnImage = () =>
  new AppError('invalid_image_file', undefined, undefined, { family: 'unsupported_media_type' })
