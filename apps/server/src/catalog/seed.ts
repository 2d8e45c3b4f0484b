import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { appMeta, colorPalettes, plans, styleCategories, styles } from '../db/schema.ts'
import { SEED_CATEGORIES, SEED_PALETTES, SEED_PLANS, SEED_STYLES } from './seed-data.ts'

const SEEDED_KEY = 'catalogue_seeded'

/**
 * Load the catalogue on the first start only. Later starts keep every row as the operator left it (an admin
 * who deleted a style does not see it come back). Plans are upserted missing-only, as prices are constants
 * (docs/decisions/0050-plan-prices-not-editable.md).
 */
export async function seedCatalogue(database: Database): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(727275)')
    const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY))
    await tx.insert(plans).values(SEED_PLANS).onConflictDoNothing()
    if (done) return false
    await tx
      .insert(styleCategories)
      .values([...SEED_CATEGORIES])
      .onConflictDoNothing()
    await tx
      .insert(styles)
      .values(SEED_STYLES.map((s, i) => ({ ...s, sortOrder: i + 1 })))
      .onConflictDoNothing()
    await tx
      .insert(colorPalettes)
      .values(SEED_PALETTES.map((p, i) => ({ ...p, sortOrder: i + 1 })))
      .onConflictDoNothing()
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: { version: 1, at: new Date().toISOString() } })
    return true
  })
}

/** Restore the default styles (admin "initialise default styles"): adds missing ones, keeps edited ones. */
export async function restoreDefaultStyles(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    await tx
      .insert(styleCategories)
      .values([...SEED_CATEGORIES])
      .onConflictDoNothing()
    const added = await tx
      .insert(styles)
      .values(SEED_STYLES.map((s, i) => ({ ...s, sortOrder: i + 1 })))
      .onConflictDoNothing()
      .returning({ id: styles.id })
    return added.length
  })
}
