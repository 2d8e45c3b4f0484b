import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../domain/errors.ts'
import { errorBody } from './errors.ts'

// What reaches the server before any route can judge it: NUL bytes, addresses Fastify cannot route, and what
// Node refuses while still reading the request. Each leaves in the one error shape
// (docs/decisions/0027-one-error-shape.md, docs/decisions/0084-input-refused-at-the-edge.md).

/** A NUL character anywhere in a request: PostgreSQL text cannot hold one, and no product field needs it. */
export const nulRefused = () =>
  new AppError('validation_failed', 'The request contains a NUL character, which no field accepts', {
    reason: 'nul_byte',
  })

/** true when a string, or any string inside plain objects and arrays, holds a NUL character */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1))
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1))
}

/** encoded (%00) or, from a client that sends it raw, the character itself */
const holdsNulInUrl = (url: string) => url.includes('\u0000') || /%00/.test(url)

/**
 * Refuse NUL bytes in the address (path and query, encoded or not) before routing and in parsed bodies before
 * validation; multipart fields are checked as they are read (http/read-parts.ts). Raw bodies (webhooks) are
 * bytes, not text, and are left alone.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    done(holdsNulInUrl(req.url) ? nulRefused() : undefined)
  })
  app.addHook('preValidation', (req, _reply, done) => {
    done(holdsNul(req.body) ? nulRefused() : undefined)
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
