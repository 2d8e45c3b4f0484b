import type { Generation } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import { branchesOf, buildTree, flatten, tipOf } from './tree'

const g = (id: string, source: string | null, minute: number): Generation =>
  ({
    id,
    sourceGenerationId: source,
    createdAt: `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`,
    deleted: false,
  }) as Generation

// a ← b ← c ← d, and b ← c2 (a branch made after c)
const tree = [g('a', null, 0), g('b', 'a', 1), g('c', 'b', 2), g('c2', 'b', 3), g('d', 'c', 4)]

describe('the versions tree (docs/product.md#versions)', () => {
  it('puts each result under its source, siblings oldest first, in reading order', () => {
    const nodes = flatten(buildTree([...tree].reverse(), 'a'))
    expect(nodes.map((n) => [n.generation.id, n.depth])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 3],
      ['c2', 2],
    ])
  })

  it('a root whose own source is gone starts the tree', () => {
    const nodes = flatten(buildTree([g('c', 'b', 2), g('d', 'c', 4)], 'c'))
    expect(nodes.map((n) => n.generation.id)).toEqual(['c', 'd'])
  })

  it('finds the branches where a version was edited more than once', () => {
    expect(branchesOf(tree, 'c')).toMatchObject({ index: 1, siblings: [{ id: 'c' }, { id: 'c2' }] })
    expect(branchesOf(tree, 'c2')?.index).toBe(2)
    expect(branchesOf(tree, 'd')).toBeNull()
    expect(branchesOf(tree, 'a')).toBeNull()
  })

  it('a branch shows its newest result', () => {
    expect(tipOf(tree, 'c')?.id).toBe('d')
    expect(tipOf(tree, 'c2')?.id).toBe('c2')
  })
})
