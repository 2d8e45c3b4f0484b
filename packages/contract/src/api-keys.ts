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

export const CreateApiKeyRequest = z.object({
  name: z.string().trim().min(1).max(60),
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
  })
  .meta({ id: 'ApiKey' })
export type ApiKey = z.infer<typeof ApiKey>

export const ApiKeysResponse = z.object({
  keys: z.array(ApiKey),
  /** whether the user's plan includes API access now; without it the keys are suspended */
  apiAccess: z.boolean(),
})
export type ApiKeysResponse = z.infer<typeof ApiKeysResponse>

/** The answer to a creation: the whole key, this once; only its hash is kept. */
export const CreatedApiKeyResponse = ApiKey.pick({ id: true, name: true, prefix: true }).extend({
  key: z.string(),
})
export type CreatedApiKeyResponse = z.infer<typeof CreatedApiKeyResponse>
