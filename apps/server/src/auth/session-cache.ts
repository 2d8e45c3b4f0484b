import { createHash } from 'node:crypto'
import { TtlLru } from '../lib/lru.ts'
import type { SessionUser } from './sessions.ts'

export const SESSIONS_CHANNEL = 'parti_sessions'
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url')

// A polling browser sends the same token many times a minute: its hash is remembered rather than recomputed
// (SHA-256 was a few per cent of the status route's time under load). Bounded by starting over when full.
const recentHashes = new Map<string, string>()
export function hashTokenMemo(token: string): string {
  let hash = recentHashes.get(token)
  if (hash === undefined) {
    if (recentHashes.size >= 20_000) recentHashes.clear()
    hash = hashToken(token)
    recentHashes.set(token, hash)
  }
  return hash
}

/**
 * Resolved sessions for a minute, so polling does not cost a database round trip per request. A sign-out
 * evicts here and, through NOTIFY on parti_sessions, in every other API process (events/hub.ts).
 */
export const sessionCache = new TtlLru<string, SessionUser>(20_000, 60_000)

/** The NOTIFY payload that drops every cached token of a user (their plan changed: API keys follow it). */
export const userEviction = (userId: string): string => `user:${userId}`

/** Apply a parti_sessions notification: a token's hash, or a user's every token (`user:<id>`). */
export function evictSession(payload: string): void {
  if (payload.startsWith('user:')) {
    const userId = payload.slice(5)
    sessionCache.deleteWhere((u) => u.userId === userId)
  } else sessionCache.delete(payload)
}
