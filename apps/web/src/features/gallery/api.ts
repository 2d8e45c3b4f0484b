import { GENERATIONS_LIMIT, type Generation, type GenerationsResponse } from '@parti/contract'
import { api } from '../../lib/api'
import type { GenerationFilters } from '../jobs/keys'
import { listQuery } from './filters'

/** The gallery reads the largest page the server gives; later pages follow the keyset cursor. */
export const PAGE_SIZE = GENERATIONS_LIMIT

export function fetchGenerationsPage(
  filters: GenerationFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<GenerationsResponse> {
  return api.get<GenerationsResponse>(`/user/generations?${listQuery(filters, cursor, PAGE_SIZE)}`, {
    signal,
  })
}

export async function fetchGeneration(id: string, signal?: AbortSignal): Promise<Generation> {
  return (await api.get<{ generation: Generation }>(`/user/generations/${id}`, { signal })).generation
}

export async function setFavorite(id: string, favorite: boolean): Promise<Generation> {
  return (await api.patch<{ generation: Generation }>(`/user/generations/${id}/favorite`, { favorite }))
    .generation
}

export function deleteGeneration(id: string): Promise<{ success: true }> {
  return api.delete(`/user/generations/${id}`)
}
