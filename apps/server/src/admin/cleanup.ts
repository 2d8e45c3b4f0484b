import type { CleanupStylesResponse } from '@parti/contract'
import { asc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { AppContext } from '../context.ts'
import { generations, styleCategories, styles } from '../db/schema.ts'
import { SLUG, slugify, uniqueSlug } from './slugs.ts'

/**
 * The "Clean up" of docs/product.md#admin-styles, made concrete for this catalogue (docs/admin.md):
 * 1. a style whose id is not a slug (an old import, a hand-written row) is renamed to the slug of its name,
 *    and the generations that name it follow, so the gallery's "style ID" stays right;
 * 2. each category's styles are numbered 1, 2, 3… in their current order (gaps and ties from moves go);
 * 3. categories no style uses any more are removed (they would show as empty filters);
 * 4. a stored image that has gone from the blob store is forgotten, and the card is drawn again.
 * Everything is idempotent: a second run changes nothing.
 */
export async function cleanUpStyles(ctx: AppContext): Promise<CleanupStylesResponse> {
  const db = ctx.database.db
  // 4 first, outside the transaction: it asks the blob store, which may be a network away
  const withImages = await db
    .select({ id: styles.id, imageKey: styles.imageKey })
    .from(styles)
    .where(isNotNull(styles.imageKey))
  const missing: string[] = []
  for (const s of withImages) if (!(await ctx.storage.blobs.head(s.imageKey!))) missing.push(s.id)

  return db.transaction(async (tx) => {
    if (missing.length) {
      await tx
        .update(styles)
        .set({ imageKey: null, updatedAt: new Date() })
        .where(inArray(styles.id, missing))
    }

    const all = await tx
      .select()
      .from(styles)
      .orderBy(asc(styles.categoryId), asc(styles.sortOrder), asc(styles.name))
    const taken = new Set(all.filter((s) => SLUG.test(s.id)).map((s) => s.id))
    const renamed: CleanupStylesResponse['renamed'] = []
    for (const s of all) {
      if (SLUG.test(s.id)) continue
      const to = uniqueSlug(slugify(s.name), taken)
      taken.add(to)
      await tx.update(styles).set({ id: to }).where(eq(styles.id, s.id))
      await tx.update(generations).set({ styleId: to }).where(eq(generations.styleId, s.id))
      renamed.push({ from: s.id, to })
      s.id = to
    }

    let renumbered = 0
    const byCategory = new Map<string, typeof all>()
    for (const s of all) byCategory.set(s.categoryId, [...(byCategory.get(s.categoryId) ?? []), s])
    for (const list of byCategory.values()) {
      for (const [i, s] of list.entries()) {
        if (s.sortOrder === i + 1) continue
        await tx
          .update(styles)
          .set({ sortOrder: i + 1 })
          .where(eq(styles.id, s.id))
        renumbered++
      }
    }

    const used = new Set(all.map((s) => s.categoryId))
    const categories = await tx.select({ id: styleCategories.id }).from(styleCategories)
    const removedCategories = categories.map((c) => c.id).filter((id) => !used.has(id))
    if (removedCategories.length) {
      await tx.delete(styleCategories).where(inArray(styleCategories.id, removedCategories))
    }
    return { renamed, renumbered, removedCategories, clearedImages: missing.length }
  })
}
