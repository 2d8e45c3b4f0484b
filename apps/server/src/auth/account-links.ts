import { randomBytes } from 'node:crypto'
import { ACCOUNT_LINK_PATHS, ACCOUNT_LINK_TTL_MINUTES, type AccountLinkPurpose } from '@parti/contract'
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { accountTokens } from '../db/schema.ts'
import { AppError } from '../domain/errors.ts'
import { uuidv7 } from '../lib/ids.ts'
import { hashToken } from './session-cache.ts'

// Single-use links sent by mail (docs/decisions/0069-single-use-mailed-links.md): 256 random bits, only their
// SHA-256 stored, a lifetime per purpose, spent by one conditional update. A new link of a purpose retires the
// user's older ones of that purpose, so only the latest mail works.

/** A new link for `email`; answers the address to put in the mail. */
export async function issueLink(
  tx: DbOrTx,
  publicUrl: string,
  link: { userId: string; purpose: AccountLinkPurpose; email: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.userId, link.userId),
        eq(accountTokens.purpose, link.purpose),
        isNull(accountTokens.usedAt),
      ),
    )
  await tx.insert(accountTokens).values({
    id: uuidv7(),
    userId: link.userId,
    purpose: link.purpose,
    tokenHash: hashToken(token),
    email: link.email,
    expiresAt: new Date(Date.now() + ACCOUNT_LINK_TTL_MINUTES[link.purpose] * 60_000),
  })
  // in the fragment: a browser never sends it to a server, so it stays out of access logs and Referer headers
  return `${publicUrl}${ACCOUNT_LINK_PATHS[link.purpose]}#token=${token}`
}

/**
 * Spend a link: one update that holds only for an unused, unexpired link of the purpose, so two requests with
 * the same token cannot both pass. Anything else is `link_expired` (unknown, used, expired or of another
 * purpose all look the same).
 */
export async function spendLink(
  tx: DbOrTx,
  purpose: AccountLinkPurpose,
  token: string,
): Promise<{ userId: string; email: string }> {
  const [spent] = await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email })
  if (!spent) throw new AppError('link_expired')
  return spent
}

/** Links of a purpose one account may be mailed in an hour, whoever asks and from wherever. */
const LINKS_PER_HOUR = 5

/**
 * Whether the account may be mailed another link of the purpose now: a cap per account over the per-client
 * rate limits, so requests from many addresses cannot flood one mailbox.
 */
export async function mayMailLink(db: DbOrTx, userId: string, purpose: AccountLinkPurpose): Promise<boolean> {
  const [recent] = await db
    .select({ n: count() })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        gt(accountTokens.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
  return (recent?.n ?? 0) < LINKS_PER_HOUR
}

/** The address a pending change waits to confirm, if any. */
export async function pendingEmailOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: accountTokens.email })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'email-change'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
  return row?.email ?? null
}
