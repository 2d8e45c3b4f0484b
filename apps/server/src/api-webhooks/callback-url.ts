import { isIP } from 'node:net'
import { AppError } from '../domain/errors.ts'
import { isForbiddenAddress, isLoopbackAddress } from '../lib/safe-fetch.ts'

const refuse = (reason: string) =>
  new AppError('validation_failed', `callbackUrl: ${reason}`, { field: 'callbackUrl', reason })

/**
 * Where a job's webhook may go (docs/product.md#api-webhooks): https to a public host. A literal private,
 * loopback or link-local address, or a `localhost` name, is refused here at once; a name that resolves to one is
 * refused when the delivery connects (lib/safe-fetch.ts). With WEBHOOK_ALLOW_LOOPBACK (tests only) loopback is
 * allowed, over http too; every other private address stays refused.
 */
export function checkCallbackUrl(raw: string, allowLoopback: boolean): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw refuse('not_a_url')
  }
  if (url.username || url.password) throw refuse('credentials_in_url')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const loopbackHost =
    host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && isLoopbackAddress(host))
  if (loopbackHost) {
    if (!allowLoopback) throw refuse('private_address')
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('https_required')
    return url.toString()
  }
  if (isIP(host) && isForbiddenAddress(host)) throw refuse('private_address')
  if (url.protocol !== 'https:') throw refuse('https_required')
  return url.toString()
}
