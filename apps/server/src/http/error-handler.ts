import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { isDatabaseUnavailable } from '../db/unavailable.ts'
import { AppError } from '../domain/errors.ts'
import { BlobWriteError } from '../storage/types.ts'
import { errorBody as body, statusOf } from './errors.ts'

/** Every failure leaves as `{ error: { code, message, details? } }` with the right status. */
export function installErrorHandler(
  app: FastifyInstance,
  options: {
    spaFallback?: ((req: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined) | null
  } = {},
): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(statusOf(err)).send(body(err.code, err.message, err.details))
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0]
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined
      const issues = err.validation.map((v) => ({ path: v.instancePath, message: v.message }))
      return reply
        .status(400)
        .send(body('validation_failed', first?.message ?? 'The request is not valid', { field, issues }))
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema')
      return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'))
    }
    if (err instanceof BlobWriteError) {
      // before the database check: a bucket that cannot be reached fails with the same network codes
      req.log.warn({ err }, 'blob store refused a write')
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body('unavailable', 'Files cannot be stored right now. Please try again in a moment.'))
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable')
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body('unavailable', 'The service is briefly unavailable. Please try again in a moment.'))
    }
    const status = err.statusCode ?? 500
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send(body('payload_too_large', 'The file is larger than 10 MB'))
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(body('unsupported_media_type', 'This content type is not accepted'))
    }
    if (status === 429) {
      return reply
        .status(429)
        .send(body('rate_limited', 'Too many attempts. Please wait a moment and try again.'))
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, bad multipart…): say what was wrong, it is not secret
      return reply.status(status).send(body('validation_failed', err.message))
    }
    req.log.error({ err }, 'unhandled error')
    return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'))
  })

  // one not-found handler: app routes go to the SPA (its router decides), everything else is a 404 in our shape
  app.setNotFoundHandler((req, reply) => {
    const handled = options.spaFallback?.(req, reply)
    if (handled) return handled
    return reply.status(404).send(body('not_found', `No route for ${req.method} ${req.url.split('?')[0]}`))
  })
}
