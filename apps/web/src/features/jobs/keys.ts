import type { Generation, GenerationMode, GenerationType, MediaType } from '@parti/contract'

/** What a list of generations shows; the same filters the server applies (GET /api/user/generations). */
export interface GenerationFilters {
  generationType?: GenerationType
  type?: MediaType
  mode?: GenerationMode
  projectId?: string
  favorite?: boolean
  /** of a request's variations only the kept one, or the first while none is (docs/product.md#variations) */
  pickedOnly?: boolean
  q?: string
  from?: string
  to?: string
}

export const generationKeys = {
  all: ['generations'] as const,
  lists: () => ['generations', 'list'] as const,
  list: (filters: GenerationFilters) => ['generations', 'list', filters] as const,
  detail: (id: string) => ['generations', 'detail', id] as const,
}

/** GET /api/user/estimates: measured from completed jobs, so stale whenever one completes (jobs/cache.ts). */
export const estimatesQueryKey = ['user', 'estimates'] as const

/** Whether a generation belongs in a list with these filters (used to slot live results into cached lists). */
export function matchesFilters(g: Generation, f: GenerationFilters): boolean {
  if (g.deleted) return false
  if (f.generationType && g.generationType !== f.generationType) return false
  if (f.type && g.type !== f.type) return false
  if (f.mode && g.mode !== f.mode) return false
  if (f.projectId && g.projectId !== f.projectId) return false
  if (f.favorite && !g.favorite) return false
  // a live variation joins a "picked only" list when kept, or as its request's first (the server's rule)
  if (f.pickedOnly && g.metadata.variation && !g.picked && g.metadata.variation.index !== 0) return false
  if (f.q && !g.userPrompt.toLowerCase().includes(f.q.trim().toLowerCase())) return false
  if (f.from && g.createdAt < f.from) return false
  if (f.to && g.createdAt > f.to) return false
  return true
}
