import type {} from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { hashTokenMemo, sessionCache } from '../auth/session-cache.ts'
import { resolveSession, SESSION_COOKIE, type SessionUser } from '../auth/sessions.ts'
import type { DbOrTx } from '../db/client.ts'
import { forbidden, unauthorized } from '../domain/errors.ts'

const cache = new WeakMap<FastifyRequest, SessionUser | null>()

/** The bearer token (API clients, spec §7) or the HttpOnly session cookie (the browser). */
export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null
  return req.cookies?.[SESSION_COOKIE] ?? null
}

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

export async function requireUser(db: DbOrTx, req: FastifyRequest): Promise<SessionUser> {
  const user = await currentUser(db, req)
  if (!user) throw unauthorized()
  return user
}

/** DECISIONS: every /api/admin call answers 403 to anyone without the admin role. */
export async function requireAdmin(db: DbOrTx, req: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(db, req)
  if (user.role !== 'admin') throw forbidden()
  return user
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
