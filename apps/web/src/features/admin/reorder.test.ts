import type { AdminStyle } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import { groupByCategory, move, positions, withCategoryOrder } from './reorder'

const style = (id: string, categoryId: string, sortOrder: number) =>
  ({ id, name: id, categoryId, category: categoryId.toUpperCase(), sortOrder }) as AdminStyle
const categories = [
  { id: 'a', name: 'A', sortOrder: 1, styleCount: 2 },
  { id: 'empty', name: 'Empty', sortOrder: 2, styleCount: 0 },
  { id: 'b', name: 'B', sortOrder: 3, styleCount: 1 },
]
const all = [style('a1', 'a', 1), style('a2', 'a', 2), style('b1', 'b', 1), style('c1', 'new', 1)]

describe('style order on the admin screen', () => {
  it('groups styles by category in the categories’ order, without empty ones', () => {
    const groups = groupByCategory(all, categories)
    expect(groups.map((g) => [g.category.id, g.styles.map((s) => s.id)])).toEqual([
      ['a', ['a1', 'a2']],
      ['b', ['b1']],
      ['new', ['c1']],
    ])
  })

  it('moves an item and clamps at the ends', () => {
    expect(move(['x', 'y', 'z'], 0, 2)).toEqual(['y', 'z', 'x'])
    expect(move(['x', 'y', 'z'], 2, 0)).toEqual(['z', 'x', 'y'])
    expect(move(['x', 'y', 'z'], 0, -1)).toEqual(['x', 'y', 'z'])
    expect(move(['x', 'y', 'z'], 2, 9)).toEqual(['x', 'y', 'z'])
  })

  it('numbers a category 1, 2, 3… and leaves the others as they are', () => {
    const reordered = [all[1]!, all[0]!]
    expect(positions(reordered)).toEqual([
      { id: 'a2', sortOrder: 1 },
      { id: 'a1', sortOrder: 2 },
    ])
    expect(withCategoryOrder(all, 'a', reordered).map((s) => [s.id, s.sortOrder])).toEqual([
      ['a2', 1],
      ['a1', 2],
      ['b1', 1],
      ['c1', 1],
    ])
  })
})
