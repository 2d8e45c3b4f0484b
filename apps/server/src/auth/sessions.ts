import { randomBytes } from 'node:crypto'
import { API_KEY_PREFIX_LENGTH } from '@parti/contract'
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { sessions, users } from '../db/schema.ts'
import { uuidv7 } from '../lib/ids.ts'
import { hashToken, SESSIONS_CHANNEL, sessionCache } from './session-cache.ts'

export const SESSION_COOKIE = 'parti_session'
export type TokenKind = 'session' | 'api_key'

/** Tokens are 256 random bits; only their hash is stored, so a database leak does not leak sessions. */
export async function createSession(
  db: DbOrTx,
  userId: string,
  options: { ttlDays: number; userAgent?: string | null; kind?: TokenKind; label?: string },
): Promise<{ token: string; id: string; expiresAt: Date | null }> {
  const kind = options.kind ?? 'session'
  const token = `${kind === 'api_key' ? 'pk' : 'ps'}_${randomBytes(32).toString('base64url')}`
  const expiresAt = kind === 'api_key' ? null : new Date(Date.now() + options.ttlDays * 86_400_000)
  const id = uuidv7()
  await db.insert(sessions).values({
    id,
    userId,
    tokenHash: hashToken(token),
    kind,
    label: options.label ?? null,
    prefix: kind === 'api_key' ? token.slice(0, API_KEY_PREFIX_LENGTH) : null,
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    expiresAt,
  })
  return { token, id, expiresAt }
}

export interface SessionUser {
  sessionId: string
  userId: string
  email: string
  role: string
  plan: string | null
  /** with the plan, what decides whether an API key may be used now (contract entitlements) */
  subscriptionStatus: string
  subscriptionEndDate: Date | null
  tokenKind: TokenKind
}

/** Resolve a bearer token or cookie value to its user, or null when unknown or expired. */
export async function resolveSession(db: DbOrTx, token: string): Promise<SessionUser | null> {
  if (!/^p[sk]_[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const now = new Date()
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      role: users.role,
      plan: users.plan,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionEndDate: users.subscriptionEndDate,
      tokenKind: sessions.kind,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        or(isNull(sessions.expiresAt), gt(sessions.expiresAt, now)),
      ),
    )
  if (!row) return null
  // keep "last used" roughly right without a write per request
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 5 * 60_000) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId))
  }
  const { lastUsedAt: _unused, ...user } = row
  return { ...user, tokenKind: user.tokenKind as TokenKind }
}

/** Sign out: a browser session ends; an API key is not signed out (it is revoked from the API page). */
export async function deleteSession(db: DbOrTx, token: string): Promise<void> {
  const hash = hashToken(token)
  await db.delete(sessions).where(and(eq(sessions.tokenHash, hash), eq(sessions.kind, 'session')))
  sessionCache.delete(hash)
  await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${hash})`)
}
