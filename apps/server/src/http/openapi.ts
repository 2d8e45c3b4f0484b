import type { SwaggerTransform } from '@fastify/swagger'
import { ErrorBody } from '@parti/contract'
import type { FastifyInstance, FastifySchema } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

// The OpenAPI document is part of the product (docs/decisions/0076-openapi-complete-by-construction.md): every
// documented operation names itself (operationId, summary), says how it is authenticated and lists its failures
// in the one error shape. Routes give the first two; the rest is derived here from what the route is, so a new
// route cannot leave it out.

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Answers that are not JSON (a redirect, an event stream, an image), for the document only: Fastify does not
     * serialise them, so they have no schema in `response`.
     */
    otherResponses?: Record<number, { description: string; contentType?: string }>
    /**
     * The fields of a body the route reads itself (multipart parts, http/read-parts.ts), for the document only:
     * Fastify does not validate it; the route's own checks do.
     */
    documentedBody?: unknown
  }
}

/** How each derived failure is described in the document. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (error.code names the field or rule)',
  401: 'Not signed in: no valid session cookie or bearer token',
  403: 'Not allowed: admin only, browser session only, or API access not in the plan',
  402: 'Not enough credits (error.details: required, available)',
  404: 'Not found (another user’s id answers 404 too)',
  409: 'Conflicts with the current state (error.details says how)',
  413: 'A file or the body is too large',
  415: 'Not a supported file type',
  422: 'Understood but not offered, or cannot be done',
  429: 'Too many requests: wait for Retry-After seconds',
  500: 'Unexpected failure',
  503: 'Unavailable for now: try again later',
}

type Schema = FastifySchema & {
  hide?: boolean
  operationId?: string
  summary?: string
  security?: Array<Record<string, string[]>>
  response?: Record<string | number, unknown>
  consumes?: string[]
}

/** A readable camelCase name: `listGenerations`, not `get_api_user_generations`. */
const OPERATION_ID = /^[a-z][A-Za-z0-9]{2,60}$/

/**
 * Refuse, at start-up, a documented /api route without an operationId (readable, camelCase, unique) or a
 * summary: the server does not start, so every test fails until the route says what it is.
 */
export function requireOperationDocs(app: FastifyInstance): void {
  const seen = new Map<string, string>()
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Schema | undefined
    if (schema?.hide || route.method === 'HEAD') return
    const where = `${String(route.method)} ${route.url}`
    const id = schema?.operationId
    if (!id || !OPERATION_ID.test(id)) throw new Error(`${where}: an operationId in camelCase is required`)
    if (!schema?.summary?.trim()) throw new Error(`${where}: a summary is required`)
    const other = seen.get(id)
    if (other && other !== where) throw new Error(`${where}: operationId ${id} is already ${other}'s`)
    seen.set(id, where)
  })
}

/** Public calls say so (`security: []`); secured scopes set theirs (http/auth-scope.ts). */
const PUBLIC: NonNullable<Schema['security']> = []

/**
 * The failures a route can answer, from what it is: 400 when it reads input, 404 when its path names a
 * resource, 401/403 when it is secured, 429 when it is rate limited (a route's own limit, or the API key
 * budget of a scope that takes keys: http/auth-scope.ts), 500 always. A route lists any other failure itself (402, 409, 413…).
 */
export function derivedErrorStatuses(schema: Schema, url: string, rateLimited: boolean): number[] {
  const statuses = [500]
  if (schema.body || schema.querystring || schema.params || schema.consumes || url.includes(':'))
    statuses.push(400)
  if (url.includes(':')) statuses.push(404)
  if ((schema.security ?? PUBLIC).length > 0) statuses.push(401, 403)
  if (rateLimited) statuses.push(429)
  return statuses.sort((a, b) => a - b)
}

/** @fastify/swagger's transform: the zod transform of fastify-type-provider-zod, after completing the schema. */
export function completeOperation(input: Parameters<SwaggerTransform>[0]): ReturnType<SwaggerTransform> {
  const { url, route } = input
  const schema = input.schema as Schema
  if (!schema || schema.hide) return jsonSchemaTransform(input as never)
  const config = route?.config as { rateLimit?: unknown; apiKeyBudget?: boolean } | undefined
  const rateLimited = Boolean(config?.rateLimit || config?.apiKeyBudget)
  const response: Record<string, unknown> = { ...(schema.response ?? {}) }
  for (const status of derivedErrorStatuses(schema, url, rateLimited)) {
    if (!(status in response)) response[status] = ErrorBody
  }
  const { documentedBody, ...own } = schema
  const completed: Schema = {
    ...own,
    ...(documentedBody && !own.body ? { body: documentedBody } : {}),
    security: schema.security ?? PUBLIC,
    response,
  }
  const out = jsonSchemaTransform({ ...input, schema: completed } as never)
  const documented = (out.schema as { response: Record<string, Record<string, unknown>> }).response
  for (const [status, description] of Object.entries(ERROR_DESCRIPTIONS)) {
    const answer = documented[status]
    if (answer && !answer.description) documented[status] = { ...answer, description }
  }
  for (const [status, other] of Object.entries(schema.otherResponses ?? {})) {
    documented[status] = other.contentType
      ? {
          description: other.description,
          content: { [other.contentType]: { schema: { type: 'string', format: 'binary' } } },
        }
      : { type: 'null', description: other.description }
  }
  const { otherResponses: _, ...rest } = out.schema as Schema
  return { ...out, schema: rest } as typeof out
}
