import type { ColorPalette, LocalStyleParams, Plan, Style, StyleCategory } from '@parti/contract'
import { LocalStyleParams as LocalStyleParamsSchema } from '@parti/contract'
import { and, asc, count, eq, ilike, or } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { colorPalettes, plans, styleCategories, styles } from '../db/schema.ts'

type StyleRow = typeof styles.$inferSelect

function parseLocalParams(v: unknown): LocalStyleParams | null {
  const r = LocalStyleParamsSchema.safeParse(v)
  return r.success ? r.data : null
}

export function toStyle(row: StyleRow, categoryName: string): Style {
  return {
    id: row.id,
    name: row.name,
    category: categoryName,
    // versioned by the last edit: the image is cached for an hour, and an admin's new image shows at once
    imageUrl: row.imageUrl ?? `/api/styles/${row.id}/image?v=${row.updatedAt.getTime().toString(36)}`,
    prompt: row.prompt,
    negativePrompt: row.negativePrompt,
    qualityPrompt: row.qualityPrompt,
    sortOrder: row.sortOrder,
    active: row.active,
    localParams: parseLocalParams(row.localParams),
  }
}

/** Styles in display order; `category` matches a category id or name. */
export async function listStyles(
  db: DbOrTx,
  opts: { category?: string | undefined; includeInactive?: boolean },
) {
  const filters = []
  if (!opts.includeInactive) filters.push(eq(styles.active, true))
  if (opts.category) {
    filters.push(or(eq(styleCategories.id, opts.category), ilike(styleCategories.name, opts.category)))
  }
  const rows = await db
    .select({ style: styles, categoryName: styleCategories.name })
    .from(styles)
    .innerJoin(styleCategories, eq(styleCategories.id, styles.categoryId))
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(asc(styleCategories.sortOrder), asc(styles.sortOrder), asc(styles.name))
  return rows.map((r) => toStyle(r.style, r.categoryName))
}

export async function getStyle(db: DbOrTx, id: string): Promise<Style | null> {
  const [r] = await db
    .select({ style: styles, categoryName: styleCategories.name })
    .from(styles)
    .innerJoin(styleCategories, eq(styleCategories.id, styles.categoryId))
    .where(eq(styles.id, id))
  return r ? toStyle(r.style, r.categoryName) : null
}

export async function getStyleRow(db: DbOrTx, id: string): Promise<StyleRow | null> {
  const [r] = await db.select().from(styles).where(eq(styles.id, id))
  return r ?? null
}

export async function listCategories(db: DbOrTx): Promise<StyleCategory[]> {
  const rows = await db
    .select({
      id: styleCategories.id,
      name: styleCategories.name,
      sortOrder: styleCategories.sortOrder,
      styleCount: count(styles.id),
    })
    .from(styleCategories)
    .leftJoin(styles, and(eq(styles.categoryId, styleCategories.id), eq(styles.active, true)))
    .groupBy(styleCategories.id)
    .orderBy(asc(styleCategories.sortOrder), asc(styleCategories.name))
  return rows.map((r) => ({ ...r, styleCount: Number(r.styleCount) }))
}

const toPalette = (r: typeof colorPalettes.$inferSelect): ColorPalette => ({
  id: r.id,
  name: r.name,
  colors: r.colors,
  description: r.description,
  sortOrder: r.sortOrder,
})

export async function listPalettes(db: DbOrTx): Promise<ColorPalette[]> {
  const rows = await db
    .select()
    .from(colorPalettes)
    .orderBy(asc(colorPalettes.sortOrder), asc(colorPalettes.name))
  return rows.map(toPalette)
}

export async function getPalette(db: DbOrTx, id: string): Promise<ColorPalette | null> {
  const [r] = await db.select().from(colorPalettes).where(eq(colorPalettes.id, id))
  return r ? toPalette(r) : null
}

export async function listPlans(db: DbOrTx): Promise<Plan[]> {
  const rows = await db.select().from(plans).orderBy(asc(plans.sortOrder))
  return rows.map((r) => ({
    id: r.id,
    name: r.name as Plan['name'],
    priceMonthly: r.priceMonthly,
    priceYearly: r.priceYearly,
    priceYearlyMonthly: r.priceYearlyMonthly,
    monthlyCredits: r.monthlyCredits,
    features: r.features,
    popular: r.popular,
  }))
}
