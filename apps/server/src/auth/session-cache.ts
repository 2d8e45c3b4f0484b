import { createHash } from 'node:crypto'
import { TtlLru } from '../lib/lru.ts'
import type { SessionUser } from './sessions.ts'

export const SESSIONS_CHANNEL = 'parti_sessions'
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url')

/**
 * Resolved sessions for a minute, so polling does not cost a database round trip per request. A sign-out
 * evicts here and, through NOTIFY on parti_sessions, in every other API process (events/hub.ts).
 */
export const sessionCache = new TtlLru<string, SessionUser>(20_000, 60_000)
