import type { AdminStyle, AdminStylesResponse, ReorderStylesRequest, StyleInput } from '@parti/contract'
import { and, asc, eq, inArray, max, ne } from 'drizzle-orm'
import { listCategories, toStyle } from '../catalog/repo.ts'
import type { AppContext } from '../context.ts'
import type { Db, DbOrTx, Tx } from '../db/client.ts'
import { styleCategories, styles } from '../db/schema.ts'
import { AppError, notFound } from '../domain/errors.ts'
import { slugify, uniqueSlug } from './slugs.ts'
import { forgetStyleImage, resolveStyleImage } from './style-images.ts'

type StyleRow = typeof styles.$inferSelect

function toAdminStyle(row: StyleRow, categoryName: string): AdminStyle {
  return {
    ...toStyle(row, categoryName),
    categoryId: row.categoryId,
    imageSource: row.imageKey ? 'stored' : row.imageUrl ? 'external' : 'drawn',
    updatedAt: row.updatedAt.toISOString(),
  }
}

const withCategory = (db: DbOrTx) =>
  db
    .select({ style: styles, categoryName: styleCategories.name })
    .from(styles)
    .innerJoin(styleCategories, eq(styleCategories.id, styles.categoryId))

/** Every style, inactive ones too, in display order, with every category (empty ones too) for the form. */
export async function listAdminStyles(db: DbOrTx): Promise<AdminStylesResponse> {
  const rows = await withCategory(db).orderBy(
    asc(styleCategories.sortOrder),
    asc(styles.sortOrder),
    asc(styles.name),
  )
  return {
    styles: rows.map((r) => toAdminStyle(r.style, r.categoryName)),
    categories: await listCategories(db),
  }
}

async function getAdminStyle(db: DbOrTx, id: string): Promise<AdminStyle | null> {
  const [r] = await withCategory(db).where(eq(styles.id, id))
  return r ? toAdminStyle(r.style, r.categoryName) : null
}

/**
 * The category a style is filed under: an existing one by id or by name (any case), else a new one at the end
 * of the list, so an admin can start a category from the style form.
 */
async function categoryFor(tx: Tx, wanted: string): Promise<string> {
  const all = await tx.select().from(styleCategories)
  const name = wanted.trim()
  const found = all.find((c) => c.id === name) ?? all.find((c) => c.name.toLowerCase() === name.toLowerCase())
  if (found) return found.id
  const id = uniqueSlug(slugify(name, 'category'), new Set(all.map((c) => c.id)))
  const sortOrder = Math.max(0, ...all.map((c) => c.sortOrder)) + 1
  await tx.insert(styleCategories).values({ id, name, sortOrder })
  return id
}

async function nextSortOrder(tx: Tx, categoryId: string): Promise<number> {
  const [r] = await tx
    .select({ last: max(styles.sortOrder) })
    .from(styles)
    .where(eq(styles.categoryId, categoryId))
  return (r?.last ?? 0) + 1
}

/** A new style: its id is the slug of its name (numbered when taken), at the end of its category. */
export async function createStyle(ctx: AppContext, input: StyleInput): Promise<AdminStyle> {
  // fetched before the transaction: a slow image address must not hold database locks
  const image = await resolveStyleImage(ctx.storage, null, input.imageUrl)
  const id = await ctx.database.db.transaction(async (tx) => {
    const categoryId = await categoryFor(tx, input.category)
    const taken = new Set((await tx.select({ id: styles.id }).from(styles)).map((r) => r.id))
    const id = uniqueSlug(slugify(input.name), taken)
    await tx.insert(styles).values({
      id,
      name: input.name,
      categoryId,
      imageKey: image === 'keep' ? null : image.imageKey,
      imageUrl: null,
      prompt: input.prompt,
      negativePrompt: input.negativePrompt,
      qualityPrompt: input.qualityPrompt,
      localParams: input.localParams ?? null,
      active: input.active,
      sortOrder: await nextSortOrder(tx, categoryId),
    })
    return id
  })
  return (await getAdminStyle(ctx.database.db, id))!
}

/**
 * Edit a style. Its id never changes (past generations name it); moving it to another category puts it at
 * the end there; `localParams` left out keeps the current look.
 */
export async function updateStyle(ctx: AppContext, id: string, input: StyleInput): Promise<AdminStyle> {
  const db = ctx.database.db
  const [before] = await db.select().from(styles).where(eq(styles.id, id))
  if (!before) throw notFound()
  const image = await resolveStyleImage(ctx.storage, id, input.imageUrl)
  await db.transaction(async (tx) => {
    const categoryId = await categoryFor(tx, input.category)
    await tx
      .update(styles)
      .set({
        name: input.name,
        categoryId,
        ...(image === 'keep' ? {} : { imageKey: image.imageKey, imageUrl: null }),
        prompt: input.prompt,
        negativePrompt: input.negativePrompt,
        qualityPrompt: input.qualityPrompt,
        ...(input.localParams === undefined ? {} : { localParams: input.localParams }),
        active: input.active,
        ...(categoryId === before.categoryId ? {} : { sortOrder: await nextSortOrder(tx, categoryId) }),
        updatedAt: new Date(),
      })
      .where(eq(styles.id, id))
  })
  if (image !== 'keep' && image.imageKey !== before.imageKey) await releaseImage(ctx, id, before.imageKey)
  return (await getAdminStyle(db, id))!
}

export async function deleteStyle(ctx: AppContext, id: string): Promise<void> {
  const [gone] = await ctx.database.db.delete(styles).where(eq(styles.id, id)).returning()
  if (!gone) throw notFound()
  await releaseImage(ctx, id, gone.imageKey)
}

/** Drop an uploaded image once no other style shows it. */
async function releaseImage(ctx: AppContext, styleId: string, key: string | null): Promise<void> {
  if (!key) return
  const [other] = await ctx.database.db
    .select({ id: styles.id })
    .from(styles)
    .where(and(eq(styles.imageKey, key), ne(styles.id, styleId)))
  if (!other) await forgetStyleImage(ctx.storage, key)
}

/** New positions for some or all styles, in one transaction; an unknown id changes nothing (404). */
export async function reorderStyles(db: Db, order: ReorderStylesRequest['styles']): Promise<void> {
  const ids = [...new Set(order.map((o) => o.id))]
  if (ids.length !== order.length) throw new AppError('validation_failed', 'A style is listed twice')
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: styles.id }).from(styles).where(inArray(styles.id, ids))
    if (found.length !== ids.length) {
      const known = new Set(found.map((r) => r.id))
      throw new AppError('not_found', 'Unknown style', { ids: ids.filter((i) => !known.has(i)) })
    }
    // the image URL is versioned by updatedAt: a move is not an edit of the image
    for (const { id, sortOrder } of order) await tx.update(styles).set({ sortOrder }).where(eq(styles.id, id))
  })
}
