import { type Language, MIN_PASSWORD_LENGTH } from '@parti/contract'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { changeCredits } from '../db/repos/credits.ts'
import { findUserByEmail, type UserRow } from '../db/repos/users.ts'
import { users } from '../db/schema.ts'
import { AppError } from '../domain/errors.ts'
import { uuidv7 } from '../lib/ids.ts'
import { type AccountMailSettings, providersOf, sendVerification } from './account.ts'
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts'
import { createSession } from './sessions.ts'

export interface AuthSettings extends AccountMailSettings {
  freeCredits: number
  adminEmails: Set<string>
  sessionTtlDays: number
  allowSignUp: boolean
  /** DEMO_MODE: nobody signs in or up (docs/product.md#demo-mode) */
  demoMode: boolean
}

export interface SignedIn {
  token: string
  user: UserRow
}

/**
 * docs/decisions/0011-admin-role-on-the-server.md: the admin role goes to the e-mails in ADMIN_EMAILS,
 * decided again at each sign-in.
 */
export const roleFor = (email: string, admins: Set<string>) => (admins.has(email) ? 'admin' : 'user')

/**
 * E-mail + password account (docs/decisions/0010-sign-in-methods-and-sessions.md: the embedded default way
 * in). The welcome credits are a ledger row.
 */
export async function signUp(
  db: Db,
  settings: AuthSettings,
  input: {
    email: string
    password: string
    name?: string | undefined
    language?: Language | undefined
    userAgent?: string | null
  },
): Promise<SignedIn> {
  if (settings.demoMode) throw new AppError('demo_mode')
  if (!settings.allowSignUp) throw new AppError('sign_up_closed')
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError('validation_failed', `The password needs at least ${MIN_PASSWORD_LENGTH} characters`, {
      field: 'password',
    })
  }
  const email = input.email.trim().toLowerCase()
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const id = uuidv7()
    const inserted = await tx
      .insert(users)
      .values({
        id,
        email,
        name: input.name?.trim() || null,
        passwordHash,
        language: input.language ?? null,
        role: roleFor(email, settings.adminEmails),
      })
      .onConflictDoNothing()
      .returning({ id: users.id })
    if (inserted.length === 0) throw new AppError('email_taken', undefined, { field: 'email' })
    if (settings.freeCredits > 0) {
      await changeCredits(tx, {
        userId: id,
        amount: settings.freeCredits,
        kind: 'grant',
        description: 'Welcome credits',
      })
    }
    const session = await createSession(tx, id, {
      ttlDays: settings.sessionTtlDays,
      userAgent: input.userAgent ?? null,
    })
    const [user] = await tx.select().from(users).where(eq(users.id, id))
    // the address is unproven until its link is followed; signing in is not blocked meanwhile
    // (docs/product.md#account)
    await sendVerification(tx, settings, user!)
    return { token: session.token, user: user! }
  })
}

/** The same answer, after the same work, for an unknown e-mail and a wrong password. */
export async function signIn(
  db: Db,
  settings: AuthSettings,
  input: { email: string; password: string; language?: Language | undefined; userAgent?: string | null },
): Promise<SignedIn> {
  if (settings.demoMode) throw new AppError('demo_mode')
  const user = await findUserByEmail(db, input.email)
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash()))
  if (user && !user.passwordHash) {
    // an account without a password that signs in with Google or Apple is told so, by name
    // (docs/decisions/0071-provider-named-at-password-sign-in.md)
    const [provider] = await providersOf(db, user.id)
    if (provider) throw new AppError('provider_sign_in', undefined, { provider })
  }
  if (!user?.passwordHash || !ok) throw new AppError('invalid_credentials')
  // the admin role follows ADMIN_EMAILS at each sign-in (docs/decisions/0011-admin-role-on-the-server.md)
  const role = roleFor(user.email, settings.adminEmails)
  // the language of the page signed in from is the language of the account's mail from now on
  const language = input.language ?? user.language
  if (role !== user.role || language !== user.language)
    await db.update(users).set({ role, language }).where(eq(users.id, user.id))
  const session = await createSession(db, user.id, {
    ttlDays: settings.sessionTtlDays,
    userAgent: input.userAgent ?? null,
  })
  return { token: session.token, user: { ...user, role, language } }
}
