import { createHmac, timingSafeEqual } from 'node:crypto'

/** Short-lived signed file URLs, for downloads and sharing without a session (e.g. a provider fetching input). */
export function signBlobPath(key: string, secret: string, ttlSeconds: number, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + ttlSeconds
  return `/api/files/${key}?exp=${exp}&sig=${mac(key, exp, secret)}`
}

export function verifyBlobSignature(
  key: string,
  exp: string,
  sig: string,
  secret: string,
  now = Date.now(),
): boolean {
  const e = Number(exp)
  if (!Number.isInteger(e) || e < now / 1000) return false
  const expected = Buffer.from(mac(key, e, secret))
  const given = Buffer.from(sig)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

const mac = (key: string, exp: number, secret: string) =>
  createHmac('sha256', secret).update(`blob:${key}:${exp}`).digest('base64url')
