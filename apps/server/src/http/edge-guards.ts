import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../domain/errors.ts'
import { errorBody } from './errors.ts'

// What reaches the server before any route can judge it: NUL bytes, addresses Fastify cannot route, and what
// Node refuses while still reading the request. Each leaves in the one error shape
// (docs/decisions/0027-one-error-shape.md, docs/decisions/0084-input-refused-at-the-edge.md).

/**
 * A NUL character anywhere in a request: PostgreSQL text cannot hold one, and no product field needs it. The
 * other C0 control characters (and DEL) are refused the same way: no field needs them either, and they end up in
 * mails, CSV exports and log lines; tab, line feed and carriage return stay allowed in bodies (prompts and
 * messages have lines), never in the address.
 */
export function refusedCharacter(reason: RefusedCharacter) {
  return reason === 'nul_byte'
    ? new AppError('validation_failed', 'The request contains a NUL character, which no field accepts', {
        reason,
      })
    : new AppError('validation_failed', 'The request contains a control character, which no field accepts', {
        reason,
      })
}
type RefusedCharacter = 'nul_byte' | 'control_character'

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_IN_TEXT = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** what a string holds that no field accepts, if anything */
function refusedIn(text: string): RefusedCharacter | null {
  if (text.includes('\u0000')) return 'nul_byte'
  return CONTROL_IN_TEXT.test(text) ? 'control_character' : null
}

/** the first character no field accepts in a string, or any string inside plain objects and arrays (keys too) */
export function refusedCharacterIn(value: unknown, depth = 0): RefusedCharacter | null {
  if (typeof value === 'string') return refusedIn(value)
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = refusedCharacterIn(v, depth + 1)
      if (found) return found
    }
    return null
  }
  for (const [k, v] of Object.entries(value)) {
    const found = refusedIn(k) ?? refusedCharacterIn(v, depth + 1)
    if (found) return found
  }
  return null
}

/** encoded (%00, %01…%1F, %7F) or, from a client that sends them raw, the characters themselves */
function refusedInUrl(url: string): RefusedCharacter | null {
  if (url.includes('\u0000') || /%00/.test(url)) return 'nul_byte'
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  return /[\u0001-\u001f\u007f]|%(?:0[1-9a-f]|1[0-9a-f]|7f)/i.test(url) ? 'control_character' : null
}

/** A body sent to a route that reads none is only let through as a JSON object (its keys are ignored). */
const bodyRefused = () =>
  new AppError('validation_failed', 'This call takes no body, or an empty JSON object', {
    reason: 'unexpected_body',
  })

/** true for a body a route without a body schema may be sent: none, or a plain object (a form's fields) */
const harmlessBody = (body: unknown) =>
  body === undefined ||
  body === null ||
  Buffer.isBuffer(body) ||
  (typeof body === 'object' && !Array.isArray(body))

/**
 * Refuse NUL and control characters in the address (path and query, encoded or not) before routing and in
 * parsed bodies before validation; multipart fields are checked as they are read (http/read-parts.ts). Raw
 * bodies (webhooks) are bytes, not text, and are left alone. A route without a body schema that reads none
 * (sign-out, a delete) refuses text, arrays and numbers sent to it instead of acting on them.
 */
export function installEdgeGuards(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    const found = refusedInUrl(req.url)
    done(found ? refusedCharacter(found) : undefined)
  })
  app.addHook('preValidation', (req, _reply, done) => {
    const found = refusedCharacterIn(req.body)
    if (found) return done(refusedCharacter(found))
    const schema = req.routeOptions.schema as { body?: unknown; consumes?: unknown } | undefined
    done(!schema?.body && !schema?.consumes && !harmlessBody(req.body) ? bodyRefused() : undefined)
  })
}

/** Fastify's own refusals before routing (a malformed percent-encoding, a path parameter over its length). */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply
      .status(414)
      .send(errorBody('validation_failed', 'The address is too long', { reason: 'uri_too_long' }))
    return
  }
  if (err.code === 'FST_ERR_BAD_URL') {
    void reply
      .status(400)
      .send(errorBody('validation_failed', 'The address is not valid', { reason: 'bad_url' }))
    return
  }
  void reply
    .status(err.statusCode && err.statusCode < 500 ? err.statusCode : 500)
    .send(
      errorBody(
        err.statusCode && err.statusCode < 500 ? 'validation_failed' : 'internal',
        'The request could not be routed',
      ),
    )
}

/** What Node refuses while reading a request (headers too large, a malformed request line, a slow client). */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const [status, message, reason] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive', 'timeout']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large', 'headers_too_large']
        : [400, 'The request is malformed', 'malformed_request']
  const body = JSON.stringify(errorBody('validation_failed', message, { reason }))
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(err)
}

/** A multipart body that cannot be parsed is the client's fault: 400, never a 500. */
export const malformedMultipart = () =>
  new AppError('validation_failed', 'The multipart body is malformed', { reason: 'malformed_multipart' })
