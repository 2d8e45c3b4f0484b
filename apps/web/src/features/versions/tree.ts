import type { Generation } from '@parti/contract'

/** One result in the versions tree, with the edits made from it (docs/product.md#versions). */
export interface VersionNode {
  generation: Generation
  children: VersionNode[]
  depth: number
}

/**
 * The tree of a lineage answer: each result under its source, siblings oldest first. A result whose source is
 * not in the answer (the root) starts the tree.
 */
export function buildTree(generations: readonly Generation[], rootId: string): VersionNode | null {
  const byId = new Map(
    generations.map((g) => [g.id, { generation: g, children: [], depth: 0 } as VersionNode]),
  )
  for (const g of generations) {
    const parent = g.sourceGenerationId ? byId.get(g.sourceGenerationId) : undefined
    if (parent && g.id !== rootId) parent.children.push(byId.get(g.id)!)
  }
  const root = byId.get(rootId)
  if (!root) return null
  const order = (n: VersionNode, depth: number) => {
    n.depth = depth
    n.children.sort((a, b) => a.generation.createdAt.localeCompare(b.generation.createdAt))
    for (const c of n.children) order(c, depth + 1)
  }
  order(root, 0)
  return root
}

/** The tree in reading order (a result, then its edits), for a list that shows depth by indentation. */
export function flatten(root: VersionNode | null): VersionNode[] {
  if (!root) return []
  return [root, ...root.children.flatMap(flatten)]
}

/**
 * Ask Parti's branch switcher: where a result was edited more than once, its edits are the branches. Given the
 * edit shown now, its place among its siblings (1-based) and all of them, oldest first; null when it has no
 * sibling.
 */
export function branchesOf(
  generations: readonly Generation[],
  id: string,
): { index: number; siblings: Generation[] } | null {
  const me = generations.find((g) => g.id === id)
  if (!me?.sourceGenerationId) return null
  const siblings = generations
    .filter((g) => g.sourceGenerationId === me.sourceGenerationId && !g.deleted)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  if (siblings.length < 2) return null
  return { index: siblings.findIndex((g) => g.id === id) + 1, siblings }
}

/** The newest result at the end of a branch: what a branch shows when switched to. */
export function tipOf(generations: readonly Generation[], id: string): Generation | undefined {
  let current = generations.find((g) => g.id === id)
  for (;;) {
    const next = generations
      .filter((g) => g.sourceGenerationId === current?.id)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]
    if (!next) return current
    current = next
  }
}
