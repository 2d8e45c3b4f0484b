import { entitlements, type PlanProfile } from '@parti/contract'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../client.ts'
import { users } from '../schema.ts'

export type UserRow = typeof users.$inferSelect

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()))
  return u ?? null
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.id, id))
  return u ?? null
}

/**
 * The subscription fields the entitlement rules read, from the row itself: a session (cached for a while)
 * carries the plan name only, not whether the subscription still holds. A user that is gone has no plan.
 */
export async function planProfileOf(db: DbOrTx, userId: string): Promise<PlanProfile> {
  const [u] = await db
    .select({
      plan: users.plan,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionEndDate: users.subscriptionEndDate,
    })
    .from(users)
    .where(eq(users.id, userId))
  return u ?? { plan: null, subscriptionStatus: 'none', subscriptionEndDate: null }
}

/** The plan whose engines and models a user's jobs run on (a lapsed subscription is no plan). */
export async function planStateOf(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<{ name: string | null; active: boolean }> {
  const { plan, active } = entitlements(await planProfileOf(db, userId), now)
  return { name: plan, active }
}
