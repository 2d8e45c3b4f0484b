import { createHmac, randomBytes } from 'node:crypto'
import { WEBHOOK_SECRET_PREFIX } from '@parti/contract'

// Standard Webhooks signing (docs/decisions/0077-job-webhooks-standard-webhooks.md): the secret is `whsec_` and
// the base64 of 32 random bytes; a delivery carries `webhook-id` (the same on every attempt),
// `webhook-timestamp` (seconds, of this attempt) and `webhook-signature`: `v1,` and the base64 HMAC-SHA256, keyed
// by the secret's bytes, of `id.timestamp.body`.

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`
}

export function signatureHeaders(
  secret: string,
  id: string,
  body: string,
  now: Date,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64')
  const timestamp = String(Math.floor(now.getTime() / 1000))
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` }
}
