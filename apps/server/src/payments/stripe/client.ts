import Stripe from 'stripe'

/**
 * A Stripe client for the configured API address: Stripe itself, or a test server speaking its HTTP shapes
 * (test/fakes/stripe.ts). The SDK retries network failures twice with the same Idempotency-Key.
 */
export function createStripeClient(secretKey: string, baseUrl: string): Stripe {
  const url = new URL(baseUrl)
  const protocol = url.protocol === 'http:' ? 'http' : 'https'
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Parti' },
  })
}

/** An expandable field's id, whether Stripe sent the id or the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}
