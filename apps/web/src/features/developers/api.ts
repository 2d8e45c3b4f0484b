import type { ApiKeysResponse } from '@parti/contract'
import { call } from '../../lib/api'

// The key calls of docs/product.md#api-keys; they take the browser session only.

export const apiKeysKey = ['api-keys'] as const
export const openApiKey = ['openapi'] as const

export const fetchApiKeys = (signal?: AbortSignal): Promise<ApiKeysResponse> =>
  call('GET /user/api-keys', { signal })
export const createApiKey = (name: string) => call('POST /user/api-keys', { body: { name } })
export const revokeApiKey = (id: string) => call('DELETE /user/api-keys/{id}', { params: { id } })

/** The served OpenAPI document: the examples are built from its paths and server address. */
export async function fetchOpenApi(signal?: AbortSignal): Promise<unknown> {
  const res = await fetch('/api/docs/json', { signal, credentials: 'omit' })
  if (!res.ok) throw new Error(`OpenAPI document: ${res.status}`)
  return res.json()
}
