import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import type { WebhookReceiver, WebhookVerdict } from '../shared/webhooks.ts'

const FAL_WEBHOOK_TOLERANCE_SECONDS = 300
const KEYS_TTL_MS = 24 * 3600_000
const REFETCH_AFTER_MS = 60_000

const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name]
  return Array.isArray(v) ? v[0] : v
}

/**
 * fal signs webhooks with ED25519: the signature (hex) in X-Fal-Webhook-Signature covers
 * "<request id>\n<user id>\n<timestamp>\n<sha256 hex of the raw body>"; the public keys are a JWKS.
 */
export function verifyFalSignature(
  keys: KeyObject[],
  raw: Buffer,
  headers: IncomingHttpHeaders,
  nowSeconds = Date.now() / 1000,
): WebhookVerdict {
  const requestId = header(headers, 'x-fal-webhook-request-id')
  const userId = header(headers, 'x-fal-webhook-user-id')
  const timestamp = header(headers, 'x-fal-webhook-timestamp')
  const signatureHex = header(headers, 'x-fal-webhook-signature')
  if (!requestId || !userId || !timestamp || !signatureHex) return { ok: false, reason: 'missing_headers' }
  const ts = Number(timestamp)
  if (!Number.isFinite(ts) || Math.abs(nowSeconds - ts) > FAL_WEBHOOK_TOLERANCE_SECONDS)
    return { ok: false, reason: 'stale' }
  if (!/^[0-9a-f]{128}$/i.test(signatureHex)) return { ok: false, reason: 'bad_signature' }
  const message = Buffer.from(
    [requestId, userId, timestamp, createHash('sha256').update(raw).digest('hex')].join('\n'),
  )
  const signature = Buffer.from(signatureHex, 'hex')
  if (!keys.some((key) => verify(null, message, key, signature)))
    return { ok: false, reason: 'bad_signature' }
  let bodyId: unknown
  try {
    bodyId = (JSON.parse(raw.toString('utf8')) as { request_id?: unknown }).request_id
  } catch {
    return { ok: false, reason: 'bad_body' }
  }
  if (bodyId !== undefined && bodyId !== requestId) return { ok: false, reason: 'bad_body' }
  return { ok: true, deliveryId: `fal:${requestId}`, subjectId: requestId }
}

export function keysFromJwks(jwks: unknown): KeyObject[] {
  const list = (jwks as { keys?: Array<Record<string, unknown>> })?.keys ?? []
  return list
    .filter((k) => k.kty === 'OKP' && k.crv === 'Ed25519' && typeof k.x === 'string')
    .map((k) => createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: k.x as string }, format: 'jwk' }))
}

/** Verifies against fal's JWKS, cached for a day and fetched again (at most once a minute) on a mismatch. */
export function falWebhookReceiver(jwksUrl: string): WebhookReceiver {
  let keys: KeyObject[] = []
  let fetchedAt = 0
  const load = async () => {
    const res = await fetch(jwksUrl, { signal: AbortSignal.timeout(10_000) })
    if (!res.ok) throw new Error(`JWKS answered ${res.status}`)
    keys = keysFromJwks(await res.json())
    fetchedAt = Date.now()
  }
  return {
    provider: 'fal',
    async verify(raw, headers) {
      if (!keys.length || Date.now() - fetchedAt > KEYS_TTL_MS) await load()
      const verdict = verifyFalSignature(keys, raw, headers)
      if (verdict.ok || verdict.reason !== 'bad_signature' || Date.now() - fetchedAt < REFETCH_AFTER_MS)
        return verdict
      await load()
      return verifyFalSignature(keys, raw, headers)
    },
  }
}
