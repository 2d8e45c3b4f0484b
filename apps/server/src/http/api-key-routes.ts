import {
  ApiKey,
  ApiKeysResponse,
  CallbackDeliveriesResponse,
  CreateApiKeyRequest,
  CreatedApiKeyResponse,
  ErrorBody,
  entitlements,
  IdParams,
  OkResponse,
  UpdateApiKeyRequest,
  WEBHOOK_LOG_LENGTH,
  WebhookSecretResponse,
} from '@parti/contract'
import { checkCallbackUrl } from '../api-webhooks/callback-url.ts'
import { listDeliveries } from '../api-webhooks/repo.ts'
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  rotateWebhookSecret,
  setWebhookUrl,
} from '../auth/api-keys.ts'
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
  const allowLoopback = ctx.config.WEBHOOK_ALLOW_LOOPBACK
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
          const webhookUrl = req.body.webhookUrl ? checkCallbackUrl(req.body.webhookUrl, allowLoopback) : null
          const created = await createApiKey(db, req.user.userId, req.body.name, webhookUrl)
          req.log.info({ keyId: created.id }, 'api key created')
          return reply.status(201).send(created)
        },
      )

      api.patch(
        '/user/api-keys/:id',
        {
          schema: {
            tags,
            operationId: 'updateApiKey',
            summary: 'Set or remove the default callback URL of the jobs this key starts',
            params: IdParams,
            body: UpdateApiKeyRequest,
            response: { 200: ApiKey },
          },
        },
        async (req) => {
          if (!isUuid(req.params.id)) throw notFound()
          const url =
            req.body.webhookUrl === null ? null : checkCallbackUrl(req.body.webhookUrl, allowLoopback)
          return setWebhookUrl(db, req.user.userId, req.params.id, url)
        },
      )

      api.post(
        '/user/api-keys/:id/webhook-secret',
        {
          schema: {
            tags,
            operationId: 'rotateWebhookSecret',
            summary: 'Replace the key’s webhook signing secret; the new one is shown this once',
            params: IdParams,
            response: { 200: WebhookSecretResponse },
          },
          config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        },
        async (req) => {
          if (!isUuid(req.params.id)) throw notFound()
          const webhookSecret = await rotateWebhookSecret(db, req.user.userId, req.params.id)
          req.log.info({ keyId: req.params.id }, 'webhook secret rotated')
          return { webhookSecret }
        },
      )

      api.get(
        '/user/api-keys/webhook-deliveries',
        {
          schema: {
            tags,
            operationId: 'listWebhookDeliveries',
            summary: `Your last ${WEBHOOK_LOG_LENGTH} job webhook deliveries: status, attempts, last answer`,
            response: { 200: CallbackDeliveriesResponse },
          },
        },
        async (req) => ({ deliveries: await listDeliveries(db, req.user.userId, WEBHOOK_LOG_LENGTH) }),
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
