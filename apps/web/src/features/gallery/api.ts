import { GENERATIONS_LIMIT, type Generation } from '@parti/contract'
import { call } from '../../lib/api'
import type { GenerationFilters } from '../jobs/keys'
import { listQuery } from './filters'

/** The gallery reads the largest page the server gives; later pages follow the keyset cursor. */
const PAGE_SIZE = GENERATIONS_LIMIT

export function fetchGenerationsPage(
  filters: GenerationFilters,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return call('GET /user/generations', { query: listQuery(filters, cursor, PAGE_SIZE), signal })
}

export async function fetchGeneration(id: string, signal?: AbortSignal): Promise<Generation> {
  return (await call('GET /user/generations/{id}', { params: { id }, signal })).generation
}

export async function setFavorite(id: string, favorite: boolean): Promise<Generation> {
  return (await call('PATCH /user/generations/{id}/favorite', { params: { id }, body: { favorite } }))
    .generation
}

export function deleteGeneration(id: string) {
  return call('DELETE /user/generations/{id}', { params: { id } })
}
