import type { ApiKeysResponse, CallbackDeliveriesResponse } from '@parti/contract'
import { call } from '../../lib/api'

// The key calls of docs/product.md#api-keys; they take the browser session only.

export const apiKeysKey = ['api-keys'] as const
export const openApiKey = ['openapi'] as const
export const deliveriesKey = ['api-keys', 'webhook-deliveries'] as const

export const fetchApiKeys = (signal?: AbortSignal): Promise<ApiKeysResponse> =>
  call('GET /user/api-keys', { signal })
export const createApiKey = (name: string, webhookUrl?: string) =>
  call('POST /user/api-keys', { body: webhookUrl ? { name, webhookUrl } : { name } })
export const revokeApiKey = (id: string) => call('DELETE /user/api-keys/{id}', { params: { id } })

// job webhooks (docs/product.md#api-webhooks): a key's default URL, its signing secret, the delivery log
export const setKeyWebhookUrl = (id: string, webhookUrl: string | null) =>
  call('PATCH /user/api-keys/{id}', { params: { id }, body: { webhookUrl } })
export const rotateWebhookSecret = (id: string) =>
  call('POST /user/api-keys/{id}/webhook-secret', { params: { id } })
export const fetchDeliveries = (signal?: AbortSignal): Promise<CallbackDeliveriesResponse> =>
  call('GET /user/api-keys/webhook-deliveries', { signal })

/** The served OpenAPI document: the examples are built from its paths and server address. */
export async function fetchOpenApi(signal?: AbortSignal): Promise<unknown> {
  const res = await fetch('/api/docs/json', { signal, credentials: 'omit' })
  if (!res.ok) throw new Error(`OpenAPI document: ${res.status}`)
  return res.json()
}
