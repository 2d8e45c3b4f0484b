import { eq, lt } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { oauthStates } from '../../db/schema.ts'
import { SignInError } from './errors.ts'
import type { SignInProviderId } from './settings.ts'

/** A sign-in must come back from the provider within ten minutes of starting. */
export const STATE_TTL_MS = 10 * 60_000

export interface PendingSignIn {
  state: string
  provider: SignInProviderId
  nonce: string
  codeVerifier: string
  returnTo: string
}

/**
 * Kept server-side, not in a cookie: Apple answers with a cross-site form POST that carries no SameSite=Lax
 * cookie. Starting a sign-in also sweeps the expired ones, so abandoned attempts do not pile up.
 */
export async function savePendingSignIn(db: DbOrTx, pending: PendingSignIn, now = new Date()): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.createdAt, new Date(now.getTime() - STATE_TTL_MS)))
  await db.insert(oauthStates).values({ ...pending, createdAt: now })
}

/**
 * Take the pending sign-in for a state, once: it is deleted as it is read, so a replayed callback finds
 * nothing. Unknown, expired and another provider's states are all refused.
 */
export async function takePendingSignIn(
  db: DbOrTx,
  state: string,
  provider: SignInProviderId,
  now = new Date(),
): Promise<PendingSignIn> {
  const [row] = await db.delete(oauthStates).where(eq(oauthStates.state, state)).returning()
  if (!row) throw new SignInError('failed', 'unknown or already used state')
  if (row.provider !== provider) throw new SignInError('failed', `state belongs to ${row.provider}`)
  if (now.getTime() - row.createdAt.getTime() > STATE_TTL_MS) throw new SignInError('failed', 'state expired')
  return {
    state: row.state,
    provider,
    nonce: row.nonce,
    codeVerifier: row.codeVerifier,
    returnTo: row.returnTo,
  }
}
