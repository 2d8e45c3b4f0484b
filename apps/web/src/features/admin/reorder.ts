import type { AdminStyle, StyleCategory } from '@parti/contract'

export interface CategoryGroup {
  category: StyleCategory
  styles: AdminStyle[]
}

/** Styles under their categories, in the categories' order; a category without styles is left out. */
export function groupByCategory(styles: AdminStyle[], categories: StyleCategory[]): CategoryGroup[] {
  const known = new Set(categories.map((c) => c.id))
  const groups = categories.map((category) => ({
    category,
    styles: styles.filter((s) => s.categoryId === category.id),
  }))
  // a category the list does not know yet (just created elsewhere) still shows its styles
  for (const s of styles) {
    if (known.has(s.categoryId)) continue
    known.add(s.categoryId)
    groups.push({
      category: { id: s.categoryId, name: s.category, sortOrder: Number.MAX_SAFE_INTEGER, styleCount: 0 },
      styles: styles.filter((x) => x.categoryId === s.categoryId),
    })
  }
  return groups.filter((g) => g.styles.length > 0)
}

/** The list with one item moved from one index to another (both clamped to the list). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const target = Math.max(0, Math.min(list.length - 1, to))
  if (from < 0 || from >= list.length || from === target) return next
  const [item] = next.splice(from, 1)
  next.splice(target, 0, item as T)
  return next
}

/** The positions to send for a category after a move: 1, 2, 3… in the new order. */
export function positions(styles: readonly AdminStyle[]): Array<{ id: string; sortOrder: number }> {
  return styles.map((s, i) => ({ id: s.id, sortOrder: i + 1 }))
}

/** The full list with one category's styles in their new order (and positions), the others untouched. */
export function withCategoryOrder(
  all: AdminStyle[],
  categoryId: string,
  ordered: AdminStyle[],
): AdminStyle[] {
  const sortOrder = new Map(ordered.map((s, i) => [s.id, i + 1]))
  const queue = [...ordered]
  return all.map((s) => {
    if (s.categoryId !== categoryId) return s
    const next = queue.shift()!
    return { ...next, sortOrder: sortOrder.get(next.id)! }
  })
}
