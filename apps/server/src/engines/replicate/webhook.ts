import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import type { WebhookReceiver, WebhookVerdict } from '../shared/webhooks.ts'

/** Deliveries older or newer than this are refused (replays). */
const WEBHOOK_TOLERANCE_SECONDS = 300

const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name]
  return Array.isArray(v) ? v[0] : v
}

/**
 * Standard Webhooks, as Replicate signs them: HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<raw body>"
 * with the base64 key after "whsec_"; `webhook-signature` holds space-separated "v1,<base64>" entries.
 */
export function verifyStandardWebhook(
  secret: string,
  raw: Buffer,
  headers: IncomingHttpHeaders,
  nowSeconds = Date.now() / 1000,
): WebhookVerdict {
  const id = header(headers, 'webhook-id')
  const timestamp = header(headers, 'webhook-timestamp')
  const signatures = header(headers, 'webhook-signature')
  if (!id || !timestamp || !signatures) return { ok: false, reason: 'missing_headers' }
  const ts = Number(timestamp)
  if (!Number.isFinite(ts) || Math.abs(nowSeconds - ts) > WEBHOOK_TOLERANCE_SECONDS)
    return { ok: false, reason: 'stale' }
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(raw).digest()
  const matches = signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',')
    if (version !== 'v1' || !value) return false
    const given = Buffer.from(value, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  if (!matches) return { ok: false, reason: 'bad_signature' }
  let predictionId: unknown
  try {
    predictionId = (JSON.parse(raw.toString('utf8')) as { id?: unknown }).id
  } catch {
    return { ok: false, reason: 'bad_body' }
  }
  if (typeof predictionId !== 'string' || !predictionId) return { ok: false, reason: 'bad_body' }
  return { ok: true, deliveryId: `replicate:${id}`, subjectId: predictionId }
}

export function replicateWebhookReceiver(secret: string): WebhookReceiver {
  return {
    provider: 'replicate',
    verify: async (raw, headers) => verifyStandardWebhook(secret, raw, headers),
  }
}
