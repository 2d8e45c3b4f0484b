import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { changeCredits } from '../../db/repos/credits.ts'
import type { UserRow } from '../../db/repos/users.ts'
import { authIdentities, sessions, users } from '../../db/schema.ts'
import { uuidv7 } from '../../lib/ids.ts'
import { type AuthSettings, roleFor, type SignedIn } from '../service.ts'
import { SESSIONS_CHANNEL, sessionCache } from '../session-cache.ts'
import { createSession } from '../sessions.ts'
import { SignInError } from './errors.ts'
import type { VerifiedIdentity } from './identity.ts'

type IdentityOutcome = 'returning' | 'linked' | 'created'

export interface IdentitySignIn extends SignedIn {
  outcome: IdentityOutcome
}

/**
 * Sign in with a verified provider identity, keyed on (provider, subject):
 * - a known identity signs into its account (name and photo refreshed from the provider);
 * - a new identity whose verified e-mail has an account is linked to it;
 * - otherwise a new account is created with the welcome credits, in one transaction (like sign-up).
 * The admin role follows ADMIN_EMAILS at each sign-in (docs/decisions/0011-admin-role-on-the-server.md).
 */
export async function signInWithIdentity(
  db: Db,
  settings: AuthSettings,
  identity: VerifiedIdentity,
  userAgent: string | null,
): Promise<IdentitySignIn> {
  // two first sign-ins of one person racing: the loser's insert hits a unique key; the second try finds it
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => signInOnce(tx, settings, identity, userAgent))
    } catch (err) {
      if (attempt >= 2 || !isUniqueViolation(err)) throw err
    }
  }
}

async function signInOnce(
  tx: Tx,
  settings: AuthSettings,
  identity: VerifiedIdentity,
  userAgent: string | null,
): Promise<IdentitySignIn> {
  const [known] = await tx
    .select({ user: users, identityEmail: authIdentities.email, identityId: authIdentities.id })
    .from(authIdentities)
    .innerJoin(users, eq(users.id, authIdentities.userId))
    .where(and(eq(authIdentities.provider, identity.provider), eq(authIdentities.subject, identity.subject)))

  let user: UserRow
  let outcome: IdentityOutcome
  if (known) {
    user = known.user
    outcome = 'returning'
    if (known.identityEmail !== identity.email) {
      await tx
        .update(authIdentities)
        .set({ email: identity.email })
        .where(eq(authIdentities.id, known.identityId))
    }
  } else {
    const [byEmail] = await tx.select().from(users).where(eq(users.email, identity.email))
    if (byEmail) {
      user = byEmail
      outcome = 'linked'
      if (byEmail.passwordHash) await retirePassword(tx, byEmail.id)
    } else {
      if (!settings.allowSignUp) throw new SignInError('failed', 'sign-up is disabled on this server')
      user = await createAccount(tx, settings, identity)
      outcome = 'created'
    }
    await tx.insert(authIdentities).values({
      id: uuidv7(),
      userId: user.id,
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email,
    })
  }

  // the provider's name and photo are fresher than ours; an absent one (Apple after the first time) keeps ours
  const role = roleFor(user.email, settings.adminEmails)
  const changes: Partial<typeof users.$inferInsert> = {}
  if (identity.name && identity.name !== user.name) changes.name = identity.name
  if (identity.photoUrl && identity.photoUrl !== user.photoUrl) changes.photoUrl = identity.photoUrl
  if (role !== user.role) changes.role = role
  if (outcome === 'linked' && user.passwordHash) changes.passwordHash = null
  if (!user.emailVerifiedAt) changes.emailVerifiedAt = new Date()
  if (Object.keys(changes).length) {
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning()
    user = updated!
  }
  const session = await createSession(tx, user.id, { ttlDays: settings.sessionTtlDays, userAgent })
  return { token: session.token, user, outcome }
}

async function createAccount(tx: Tx, settings: AuthSettings, identity: VerifiedIdentity): Promise<UserRow> {
  const id = uuidv7()
  const [created] = await tx
    .insert(users)
    .values({
      id,
      email: identity.email,
      name: identity.name,
      photoUrl: identity.photoUrl,
      role: roleFor(identity.email, settings.adminEmails),
      // the provider verified the address (docs/product.md#account)
      emailVerifiedAt: new Date(),
    })
    .returning()
  if (settings.freeCredits > 0) {
    await changeCredits(tx, {
      userId: id,
      amount: settings.freeCredits,
      kind: 'grant',
      description: 'Welcome credits',
    })
    created!.credits = settings.freeCredits
  }
  return created!
}

/**
 * Linking a verified provider identity to an e-mail + password account: that password was set by whoever
 * signed up with the address, which nobody verified. It stops working and every session and API key of the
 * account ends, so someone who registered a stranger's address beforehand cannot share the account the
 * stranger now signs into (account pre-hijacking). The provider is the way in from now on.
 */
async function retirePassword(tx: Tx, userId: string): Promise<void> {
  const ended = await tx
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ tokenHash: sessions.tokenHash })
  for (const { tokenHash } of ended) {
    sessionCache.delete(tokenHash)
    await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${tokenHash})`)
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}
