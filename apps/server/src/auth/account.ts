import type { AccountInfo, Language, SignInProvider } from '@parti/contract'
import { SIGN_IN_PROVIDERS } from '@parti/contract'
import { and, eq, ne, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../db/client.ts'
import { findUserByEmail, findUserById, type UserRow } from '../db/repos/users.ts'
import { authIdentities, sessions, users } from '../db/schema.ts'
import { AppError, unauthorized } from '../domain/errors.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { mailLanguage } from '../mail/render.ts'
import { issueLink, mayMailLink, pendingEmailOf, spendLink } from './account-links.ts'
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts'
import { evictSession, SESSIONS_CHANNEL, userEviction } from './session-cache.ts'

// The account's mail-backed flows (docs/product.md#account). Every mail is queued in the transaction of the
// change it reports and sent by a worker (apps/server/src/mail/README.md); links are single use
// (docs/decisions/0069-single-use-mailed-links.md).

export interface AccountMailSettings {
  /** where mailed links point (PUBLIC_URL) */
  publicUrl: string
}

/**
 * End every browser session of a user (not their API keys: docs/decisions/0070-sign-out-everywhere-keeps-api-keys.md), but
 * `keep` when given. The rows go in the caller's transaction; this process forgets the user's cached tokens
 * at once and every other API process on the NOTIFY (events/hub.ts), delivered when the transaction commits.
 */
async function endBrowserSessions(tx: DbOrTx, userId: string, keep?: string): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.kind, 'session'),
        ...(keep ? [ne(sessions.id, keep)] : []),
      ),
    )
    .returning({ id: sessions.id })
  evictSession(userEviction(userId))
  await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${userEviction(userId)})`)
  return ended.length
}

/** Queue the "confirm your address" mail for a new or unverified account (sign-up, resend). */
export async function sendVerification(
  tx: DbOrTx,
  settings: AccountMailSettings,
  user: Pick<UserRow, 'id' | 'email' | 'language'>,
): Promise<void> {
  const link = await issueLink(tx, settings.publicUrl, {
    userId: user.id,
    purpose: 'verify-email',
    email: user.email,
  })
  await enqueueMail(tx, {
    to: user.email,
    userId: user.id,
    language: mailLanguage(user.language),
    content: { kind: 'verify-email', email: user.email, link },
  })
}

export async function resendVerification(
  db: Db,
  settings: AccountMailSettings,
  userId: string,
): Promise<void> {
  const user = await findUserById(db, userId)
  if (!user) throw unauthorized()
  if (user.emailVerifiedAt || !(await mayMailLink(db, user.id, 'verify-email'))) return
  await db.transaction((tx) => sendVerification(tx, settings, user))
}

/** The verification link: the address is proven if it is still the account's address. */
export async function verifyEmail(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await spendLink(tx, 'verify-email', token)
    const [done] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .returning({ id: users.id })
    if (!done) throw new AppError('link_expired')
  })
}

/**
 * "Forgot password?": a reset link to the address if it has an account, nothing otherwise, and the caller
 * answers the same either way (no account enumeration). The mail is in the account's language, else the
 * page's.
 */
export async function requestPasswordReset(
  db: Db,
  settings: AccountMailSettings,
  input: { email: string; language?: Language | undefined },
): Promise<void> {
  const user = await findUserByEmail(db, input.email)
  if (!user || !(await mayMailLink(db, user.id, 'password-reset'))) return
  await db.transaction(async (tx) => {
    const link = await issueLink(tx, settings.publicUrl, {
      userId: user.id,
      purpose: 'password-reset',
      email: user.email,
    })
    await enqueueMail(tx, {
      to: user.email,
      userId: user.id,
      language: mailLanguage(user.language ?? input.language),
      content: { kind: 'password-reset', email: user.email, link },
    })
  })
}

/**
 * The reset link: sets the new password and ends every browser session of the account, in one transaction.
 * Reaching the mailbox proves the address, so it counts as verified. A link sent to an address the account no
 * longer has is refused.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    const link = await spendLink(tx, 'password-reset', input.token)
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .returning({ id: users.id })
    if (!user) throw new AppError('link_expired')
    await endBrowserSessions(tx, user.id)
  })
}

/** A new password, given the current one; the other browser sessions end, this one stays. */
export async function changePassword(
  db: Db,
  session: { userId: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await findUserById(db, session.userId)
  if (!user) throw unauthorized()
  const ok = await verifyPassword(input.currentPassword, user.passwordHash ?? (await dummyHash()))
  if (!user.passwordHash || !ok) throw new AppError('wrong_password', undefined, { field: 'currentPassword' })
  const passwordHash = await hashPassword(input.newPassword)
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id))
    await endBrowserSessions(tx, user.id, session.sessionId)
  })
}

/**
 * Ask to move the account to a new address: a confirmation link to the NEW address, a notice to the old one;
 * the address changes only when the link is followed. An account with a password must give it.
 */
export async function requestEmailChange(
  db: Db,
  settings: AccountMailSettings,
  userId: string,
  input: { email: string; currentPassword?: string | undefined },
): Promise<void> {
  const user = await findUserById(db, userId)
  if (!user) throw unauthorized()
  if (user.passwordHash) {
    const ok = await verifyPassword(input.currentPassword ?? '', user.passwordHash)
    if (!ok) throw new AppError('wrong_password', undefined, { field: 'currentPassword' })
  }
  const email = input.email.trim().toLowerCase()
  if (email === user.email) {
    throw new AppError('validation_failed', 'This is already the account address', { field: 'email' })
  }
  if (await findUserByEmail(db, email)) throw new AppError('email_taken', undefined, { field: 'email' })
  const language = mailLanguage(user.language)
  await db.transaction(async (tx) => {
    const link = await issueLink(tx, settings.publicUrl, { userId, purpose: 'email-change', email })
    await enqueueMail(tx, {
      to: email,
      userId,
      language,
      content: { kind: 'email-change', email, link },
    })
    await enqueueMail(tx, {
      to: user.email,
      userId,
      language,
      content: { kind: 'email-change-notice', email },
    })
  })
}

/** The confirmation link of an address change: the account moves to the new, now verified, address. */
export async function confirmEmailChange(db: Db, token: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const link = await spendLink(tx, 'email-change', token)
      await tx
        .update(users)
        .set({ email: link.email, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, link.userId))
      // cached sessions carry the address: every process reads the user again
      evictSession(userEviction(link.userId))
      await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${userEviction(link.userId)})`)
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('email_taken', undefined, { field: 'email' })
    throw err
  }
}

/** Sign out everywhere: every browser session of the user, this one included; API keys keep working. */
export async function signOutEverywhere(db: Db, userId: string): Promise<number> {
  return db.transaction((tx) => endBrowserSessions(tx, userId))
}

export async function setLanguage(db: DbOrTx, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId))
}

/** The providers an account is linked to, in the contract's order. */
export async function providersOf(db: DbOrTx, userId: string): Promise<SignInProvider[]> {
  const rows = await db
    .select({ provider: authIdentities.provider })
    .from(authIdentities)
    .where(eq(authIdentities.userId, userId))
  const linked = new Set(rows.map((r) => r.provider))
  return SIGN_IN_PROVIDERS.filter((p) => linked.has(p))
}

export async function accountInfo(db: Db, userId: string): Promise<AccountInfo> {
  const user = await findUserById(db, userId)
  if (!user) throw unauthorized()
  return {
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    providers: await providersOf(db, userId),
    pendingEmail: await pendingEmailOf(db, userId),
    language: user.language ? mailLanguage(user.language) : null,
    notifyVideoReady: user.notifyVideoReady,
  }
}

/** Which optional mails the user wants (docs/product.md#account). */
export async function setNotifications(
  db: DbOrTx,
  userId: string,
  n: { videoReady: boolean },
): Promise<void> {
  await db.update(users).set({ notifyVideoReady: n.videoReady }).where(eq(users.id, userId))
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}
