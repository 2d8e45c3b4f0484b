import { API_KEYS_PER_USER, type ApiKey, type CreatedApiKeyResponse } from '@parti/contract'
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { newWebhookSecret } from '../api-webhooks/signing.ts'
import type { Db } from '../db/client.ts'
import { sessions } from '../db/schema.ts'
import { AppError, notFound } from '../domain/errors.ts'
import { SESSIONS_CHANNEL, sessionCache } from './session-cache.ts'
import { createSession } from './sessions.ts'

// Personal API keys (docs/product.md#api-keys) are rows of the sessions table of kind 'api_key': a random
// token whose SHA-256 alone is stored, looked up like a session, without an expiry
// (docs/decisions/0065-api-keys-hashed-sessions.md).

const isKeyOf = (userId: string) => and(eq(sessions.userId, userId), eq(sessions.kind, 'api_key'))

/** A new key for the user; its whole value is answered this once and never again. */
export async function createApiKey(
  db: Db,
  userId: string,
  name: string,
  webhookUrl: string | null = null,
): Promise<CreatedApiKeyResponse> {
  return db.transaction(async (tx) => {
    // one user's creations in turn, so two at once cannot both pass the count
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${userId}`}))`)
    const [held] = await tx.select({ n: count() }).from(sessions).where(isKeyOf(userId))
    if ((held?.n ?? 0) >= API_KEYS_PER_USER) {
      throw new AppError('conflict', `At most ${API_KEYS_PER_USER} keys; revoke one first`, {
        limit: API_KEYS_PER_USER,
      })
    }
    const { token, id } = await createSession(tx, userId, { ttlDays: 0, kind: 'api_key', label: name })
    // the key's webhook signing secret, shown with the key this once (docs/product.md#api-webhooks)
    const webhookSecret = newWebhookSecret()
    const [row] = await tx
      .update(sessions)
      .set({ webhookSecret, webhookUrl })
      .where(eq(sessions.id, id))
      .returning({ prefix: sessions.prefix })
    return { id, name, prefix: row?.prefix ?? '', key: token, webhookUrl, webhookSecret }
  })
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKey[]> {
  const rows = await db
    .select({
      id: sessions.id,
      name: sessions.label,
      prefix: sessions.prefix,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      webhookUrl: sessions.webhookUrl,
    })
    .from(sessions)
    .where(isKeyOf(userId))
    .orderBy(asc(sessions.createdAt))
  return rows.map((r) => ({
    id: r.id,
    name: r.name ?? '',
    prefix: r.prefix ?? '',
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    webhookUrl: r.webhookUrl,
  }))
}

/** Set or remove a key's default callback URL (already checked by the route). */
export async function setWebhookUrl(
  db: Db,
  userId: string,
  id: string,
  webhookUrl: string | null,
): Promise<ApiKey> {
  const [row] = await db
    .update(sessions)
    .set({ webhookUrl })
    .where(and(isKeyOf(userId), eq(sessions.id, id)))
    .returning({ id: sessions.id })
  if (!row) throw notFound()
  const key = (await listApiKeys(db, userId)).find((k) => k.id === id)
  if (!key) throw notFound()
  return key
}

/** A new signing secret for a key, answered this once; deliveries signed from now on use it. */
export async function rotateWebhookSecret(db: Db, userId: string, id: string): Promise<string> {
  const webhookSecret = newWebhookSecret()
  const [row] = await db
    .update(sessions)
    .set({ webhookSecret })
    .where(and(isKeyOf(userId), eq(sessions.id, id)))
    .returning({ id: sessions.id })
  if (!row) throw notFound()
  return webhookSecret
}

/** The default callback URL of the key a request was made with. */
export async function keyWebhookUrl(db: Db, keyId: string): Promise<string | null> {
  const [row] = await db
    .select({ url: sessions.webhookUrl })
    .from(sessions)
    .where(and(eq(sessions.id, keyId), eq(sessions.kind, 'api_key')))
  return row?.url ?? null
}

/**
 * Revoke one of the user's keys: the row goes, this process forgets it at once and every other process on
 * the NOTIFY (events/hub.ts), so a revoked key is refused everywhere within the notification's latency.
 */
export async function revokeApiKey(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(sessions)
      .where(and(isKeyOf(userId), eq(sessions.id, id)))
      .returning({ hash: sessions.tokenHash })
    if (!gone) throw notFound()
    sessionCache.delete(gone.hash)
    await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${gone.hash})`)
  })
}
