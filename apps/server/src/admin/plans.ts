import type { AdminPlan, AdminPlanInput } from '@parti/contract'
import { asc, eq, ne } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, DbOrTx } from '../db/client.ts'
import { plans } from '../db/schema.ts'
import { notFound } from '../domain/errors.ts'

type PlanRow = typeof plans.$inferSelect

function toAdminPlan(r: PlanRow): AdminPlan {
  return {
    id: r.id,
    name: r.name as AdminPlan['name'],
    priceMonthly: r.priceMonthly,
    priceYearly: r.priceYearly,
    priceYearlyMonthly: r.priceYearlyMonthly,
    monthlyCredits: r.monthlyCredits,
    features: r.features,
    popular: r.popular,
    sortOrder: r.sortOrder,
    paymentPriceMonthly: r.paymentPriceMonthly,
    paymentPriceYearly: r.paymentPriceYearly,
  }
}

export async function listAdminPlans(db: DbOrTx): Promise<AdminPlan[]> {
  return (await db.select().from(plans).orderBy(asc(plans.sortOrder))).map(toAdminPlan)
}

/**
 * What an admin edits on a plan: its feature list, the "popular" badge (one plan at most: marking one
 * unmarks the others, as the pricing page has one badge) and the payment provider's price ids. Prices and
 * credits stay the constants of docs/product.md#plan-prices
 * (docs/decisions/0050-plan-prices-not-editable.md).
 */
export async function updatePlan(
  db: Db,
  id: string,
  input: z.output<typeof AdminPlanInput>,
): Promise<AdminPlan> {
  const values = {
    features: input.features,
    popular: input.popular,
    paymentPriceMonthly: input.paymentPriceMonthly,
    paymentPriceYearly: input.paymentPriceYearly,
  }
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.update(plans).set(values).where(eq(plans.id, id)).returning()
    if (!row) throw notFound()
    if (row.popular) await tx.update(plans).set({ popular: false }).where(ne(plans.id, id))
    return row
  })
  return toAdminPlan(updated)
}
