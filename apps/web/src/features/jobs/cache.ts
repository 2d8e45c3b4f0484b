import type { Generation, GenerationsResponse } from '@parti/contract'
import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import { estimatesQueryKey, type GenerationFilters, generationKeys, matchesFilters } from './keys'

type Pages = InfiniteData<GenerationsResponse, string | null>

/**
 * Server events patch the client cache (InvokeAI's habit): a new or changed generation is put into every
 * cached list it belongs in, in place, newest first; nothing is refetched.
 */
export function applyGeneration(qc: QueryClient, g: Generation): void {
  const before = qc.getQueryData<Generation>(generationKeys.detail(g.id))
  qc.setQueryData(generationKeys.detail(g.id), g)
  // the time estimates are medians of completed jobs: one more completed makes them stale, whichever screen shows it
  if (g.status === 'completed' && before?.status !== 'completed')
    void qc.invalidateQueries({ queryKey: estimatesQueryKey })
  for (const [key, data] of qc.getQueriesData<Pages>({ queryKey: generationKeys.lists() })) {
    if (!data) continue
    const filters = (key[2] ?? {}) as GenerationFilters
    const belongs = matchesFilters(g, filters) && g.status !== 'failed'
    let found = false
    const pages = data.pages.map((page) => {
      const i = page.generations.findIndex((x) => x.id === g.id)
      if (i < 0) return page
      found = true
      const generations = belongs
        ? page.generations.map((x) => (x.id === g.id ? g : x))
        : page.generations.filter((x) => x.id !== g.id)
      return { ...page, generations }
    })
    if (!found && belongs && pages[0]) insertInOrder(pages, g)
    qc.setQueryData<Pages>(key, { ...data, pages })
  }
}

/** Newest first by (createdAt, id), the server's keyset order. */
const newer = (a: Generation, b: Generation) =>
  a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id)

/**
 * Put a generation where the server would list it: before the first older item of the loaded pages. One older
 * than everything loaded while more pages remain is left to the page that will bring it, so paging never shows
 * it twice (a favourite from last year turns up where it belongs, not at the top).
 */
function insertInOrder(pages: GenerationsResponse[], g: Generation): void {
  for (const [p, page] of pages.entries()) {
    const i = page.generations.findIndex((x) => newer(g, x))
    if (i < 0) continue
    const generations = [...page.generations]
    generations.splice(i, 0, g)
    pages[p] = { ...page, generations }
    return
  }
  const last = pages[pages.length - 1]!
  if (last.nextCursor) return
  pages[pages.length - 1] = { ...last, generations: [...last.generations, g] }
}

export function removeGeneration(qc: QueryClient, id: string): void {
  qc.removeQueries({ queryKey: generationKeys.detail(id) })
  for (const [key, data] of qc.getQueriesData<Pages>({ queryKey: generationKeys.lists() })) {
    if (!data) continue
    qc.setQueryData<Pages>(key, {
      ...data,
      pages: data.pages.map((p) => ({ ...p, generations: p.generations.filter((x) => x.id !== id) })),
    })
  }
}

/** Patch one field of a cached generation wherever it appears (progress ticks, favourite toggles). */
export function patchGeneration(qc: QueryClient, id: string, patch: Partial<Generation>): void {
  const current = qc.getQueryData<Generation>(generationKeys.detail(id))
  if (current) qc.setQueryData(generationKeys.detail(id), { ...current, ...patch })
  for (const [key, data] of qc.getQueriesData<Pages>({ queryKey: generationKeys.lists() })) {
    if (!data?.pages.some((p) => p.generations.some((x) => x.id === id))) continue
    qc.setQueryData<Pages>(key, {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        generations: p.generations.map((x) => (x.id === id ? { ...x, ...patch } : x)),
      })),
    })
  }
}
