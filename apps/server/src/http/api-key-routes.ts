import {
  ApiKeysResponse,
  CreateApiKeyRequest,
  CreatedApiKeyResponse,
  ErrorBody,
  entitlements,
  IdParams,
  OkResponse,
} from '@parti/contract'
import { createApiKey, listApiKeys, revokeApiKey } from '../auth/api-keys.ts'
import type { AppContext } from '../context.ts'
import { AppError, notFound } from '../domain/errors.ts'
import { isUuid } from '../lib/ids.ts'
import { authenticated } from './auth-scope.ts'
import type { Api } from './types.ts'

const tags = ['api-keys']
const errors = { 401: ErrorBody, 403: ErrorBody }

/**
 * Personal API keys (docs/product.md#api-keys): managed from the browser session only, never with a key
 * (docs/decisions/0065-api-keys-hashed-sessions.md). Listing works on any plan (a lapsed plan's keys are
 * shown as suspended); creating needs a plan with API access.
 */
export function apiKeyRoutes(app: Api, ctx: AppContext): void {
  const db = ctx.database.db
  authenticated(
    app,
    db,
    (api) => {
      api.get(
        '/user/api-keys',
        {
          schema: {
            tags,
            operationId: 'listApiKeys',
            summary: 'List your API keys (name, prefix, created, last used), never their values',
            response: { 200: ApiKeysResponse, ...errors },
          },
        },
        async (req) => ({
          keys: await listApiKeys(db, req.user.userId),
          apiAccess: entitlements(req.user, new Date()).apiAccess,
        }),
      )

      api.post(
        '/user/api-keys',
        {
          schema: {
            tags,
            operationId: 'createApiKey',
            summary: 'Create an API key; the answer holds the whole key, shown this once (Pro)',
            body: CreateApiKeyRequest,
            response: { 201: CreatedApiKeyResponse, 400: ErrorBody, ...errors, 409: ErrorBody },
          },
          config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        },
        async (req, reply) => {
          if (!entitlements(req.user, new Date()).apiAccess) throw new AppError('api_access_required')
          const created = await createApiKey(db, req.user.userId, req.body.name)
          req.log.info({ keyId: created.id }, 'api key created')
          return reply.status(201).send(created)
        },
      )

      api.delete(
        '/user/api-keys/:id',
        {
          schema: {
            tags,
            operationId: 'revokeApiKey',
            summary: 'Revoke an API key: refused at once on every server',
            params: IdParams,
            response: { 200: OkResponse, ...errors, 404: ErrorBody },
          },
        },
        async (req) => {
          if (!isUuid(req.params.id)) throw notFound()
          await revokeApiKey(db, req.user.userId, req.params.id)
          req.log.info({ keyId: req.params.id }, 'api key revoked')
          return { success: true as const }
        },
      )
    },
    { sessionOnly: true },
  )
}
