import type { IdTokenClaims } from './client.ts'
import { SignInError } from './errors.ts'
import type { SignInProviderId } from './settings.ts'

/** A person as a provider vouches for them, after the id token was verified. */
export interface VerifiedIdentity {
  provider: SignInProviderId
  /** the provider's stable id for the person: accounts are keyed on (provider, subject), not the e-mail */
  subject: string
  /** lower-cased; verified by the provider */
  email: string
  name: string | null
  photoUrl: string | null
}

const text = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null

// Apple writes booleans in its id tokens as strings ("true")
const isTrue = (v: unknown) => v === true || v === 'true'

/**
 * Apple sends the name once, on the first sign-in, as a `user` form field next to the code:
 * {"name":{"firstName":"…","lastName":"…"},"email":"…"}. It is not signed, so it only ever supplies a name.
 */
export function appleUserName(userField: string | null | undefined): string | null {
  if (!userField) return null
  try {
    const parsed = JSON.parse(userField) as { name?: { firstName?: unknown; lastName?: unknown } }
    const parts = [text(parsed.name?.firstName, 60), text(parsed.name?.lastName, 60)].filter(Boolean)
    return parts.length ? parts.join(' ') : null
  } catch {
    return null
  }
}

/**
 * The identity in a verified id token. The e-mail must be verified by the provider (Google says so per
 * account in email_verified; Apple verifies every address it hands out, relay addresses included): it is
 * what links a first sign-in to an existing account.
 */
export function identityFromClaims(
  provider: SignInProviderId,
  claims: IdTokenClaims,
  extra: { name?: string | null } = {},
): VerifiedIdentity {
  const email = text(claims.email, 254)?.toLowerCase()
  if (!email) throw new SignInError('failed', `${provider} id token without an e-mail`)
  if (!isTrue(claims.email_verified)) throw new SignInError('failed', `${provider} e-mail not verified`)
  const picture = text(claims.picture, 2000)
  return {
    provider,
    subject: claims.sub,
    email,
    name: text(claims.name, 120) ?? extra.name ?? null,
    photoUrl: picture?.startsWith('https://') ? picture : null,
  }
}
