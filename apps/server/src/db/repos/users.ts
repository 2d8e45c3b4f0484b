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
