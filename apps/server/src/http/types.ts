import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

/** The Fastify instance route modules receive: zod schemas type the handlers. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>

/** OpenAPI: a route that takes the bearer token or the browser's session cookie. */
export const SECURED: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }]
