import type {} from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { hashTokenMemo, sessionCache } from '../auth/session-cache.ts'
import { resolveSession, SESSION_COOKIE, type SessionUser } from '../auth/sessions.ts'
import type { DbOrTx } from '../db/client.ts'

const cache = new WeakMap<FastifyRequest, SessionUser | null>()

/**
 * The bearer token (API clients, docs/product.md#api-conventions) or the HttpOnly session cookie (the
 * browser).
 */
export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null
  return req.cookies?.[SESSION_COOKIE] ?? null
}

/** The signed-in user, if any; resolved once per request. Secured routes read `req.user` (http/auth-scope.ts). */
export async function currentUser(db: DbOrTx, req: FastifyRequest): Promise<SessionUser | null> {
  if (cache.has(req)) return cache.get(req) ?? null
  const token = tokenOf(req)
  let user: SessionUser | null = null
  if (token) {
    const hash = hashTokenMemo(token)
    user = sessionCache.get(hash) ?? null
    if (!user) {
      user = await resolveSession(db, token)
      if (user) sessionCache.set(hash, user)
    }
  }
  cache.set(req, user)
  return user
}

/**
 * The signed-in user of a browser session, never of a personal API key: for the account pages served outside
 * an `authenticated` scope (the test checkout and portal), which a key must not reach
 * (docs/decisions/0065-api-keys-hashed-sessions.md).
 */
export async function sessionUser(db: DbOrTx, req: FastifyRequest): Promise<SessionUser | null> {
  const user = await currentUser(db, req)
  return user?.tokenKind === 'session' ? user : null
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  secure: boolean,
  maxAgeDays: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: maxAgeDays * 86_400,
  })
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' })
}
