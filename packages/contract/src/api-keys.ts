import { z } from 'zod'

// Personal API keys of Pro (docs/product.md#api-keys, docs/decisions/0065-api-keys-hashed-sessions.md): a key is
// a long-lived bearer token of the user, stored hashed, shown once, refused on key management, account and
// admin calls, rate limited per key, and suspended while the plan does not include API access.

/** How many live keys one user may hold. */
export const API_KEYS_PER_USER = 10
/** Requests one key may make per minute on the whole API (beyond: 429 with Retry-After). */
export const API_KEY_REQUESTS_PER_MINUTE = 120
/** Characters of the key shown in lists so the user can tell keys apart ("pk_" and the first random ones). */
export const API_KEY_PREFIX_LENGTH = 10

/** A callback address as the API takes it; the server also refuses private addresses (http/callback-url). */
export const CallbackUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/ }))
  .describe('https URL POSTed the job’s status body, signed (Standard Webhooks), when the job ends')

export const CreateApiKeyRequest = z.object({
  name: z.string().trim().min(1).max(60),
  /** the key's default callback URL for its jobs (docs/product.md#api-webhooks) */
  webhookUrl: CallbackUrl.optional(),
})
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    /** the key's first characters, for telling keys apart; never enough to use it */
    prefix: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    /** the default callback URL of the jobs this key starts (docs/product.md#api-webhooks) */
    webhookUrl: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' })
export type ApiKey = z.infer<typeof ApiKey>

export const ApiKeysResponse = z.object({
  keys: z.array(ApiKey),
  /** whether the user's plan includes API access now; without it the keys are suspended */
  apiAccess: z.boolean(),
})
export type ApiKeysResponse = z.infer<typeof ApiKeysResponse>

/** The answer to a creation: the whole key and its webhook signing secret, this once; only the key's hash is kept. */
export const CreatedApiKeyResponse = ApiKey.pick({
  id: true,
  name: true,
  prefix: true,
  webhookUrl: true,
}).extend({
  key: z.string(),
  webhookSecret: z.string(),
})
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponse>

// Job webhooks (docs/product.md#api-webhooks, docs/decisions/0077-job-webhooks-standard-webhooks.md): a job
// started with an API key and a callback URL (its own, or the key's default) is POSTed to that URL when it ends,
// signed the Standard Webhooks way with the key's secret.

/** How long a delivery is retried, with exponential backoff, before it is given up. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24
/** One attempt's time limit; redirects are not followed. */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** How many deliveries the API page's log shows. */
export const WEBHOOK_LOG_LENGTH = 50
/** The prefix of a signing secret; the rest is the base64 of its random bytes (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'

export const CALLBACK_DELIVERY_STATUSES = ['waiting', 'pending', 'delivered', 'failed'] as const
export const CallbackDeliveryStatus = z.enum(CALLBACK_DELIVERY_STATUSES)
export type CallbackDeliveryStatus = z.infer<typeof CallbackDeliveryStatus>

export const CallbackDelivery = z
  .object({
    /** the `webhook-id` header: the same on every attempt */
    id: z.string(),
    generationId: z.string(),
    url: z.string(),
    /** waiting: the job runs; pending: being delivered (retried); delivered; failed: given up */
    status: CallbackDeliveryStatus,
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: 'CallbackDelivery' })
export type CallbackDelivery = z.infer<typeof CallbackDelivery>

export const CallbackDeliveriesResponse = z.object({ deliveries: z.array(CallbackDelivery) })
export type CallbackDeliveriesResponse = z.infer<typeof CallbackDeliveriesResponse>

export const UpdateApiKeyRequest = z.object({
  /** the key's default callback URL; null removes it */
  webhookUrl: CallbackUrl.nullable(),
})
export type UpdateApiKeyRequest = z.infer<typeof UpdateApiKeyRequest>

/** A new signing secret for a key, shown this once; the old one stops signing at once. */
export const WebhookSecretResponse = z.object({ webhookSecret: z.string() })
export type WebhookSecretResponse = z.infer<typeof WebhookSecretResponse>
