import { type EngineId, type Generation, type LineageResponse, MAX_VARIATIONS } from '@parti/contract'
import { call } from '../../lib/api'

/** Keep one variation of its request (docs/product.md#variations); answers the request's variations. */
export async function pickVariation(id: string): Promise<Generation[]> {
  return (await call('POST /user/generations/{id}/pick', { params: { id } })).generations
}

/** Make a result again from its recipe, same seed (docs/product.md#recipe). */
export async function runAgain(id: string, engine?: EngineId): Promise<Generation> {
  return (
    await call('POST /user/generations/{id}/run-again', { params: { id }, body: engine ? { engine } : {} })
  ).generation
}

/** The versions tree a result belongs to (docs/product.md#versions). */
export function fetchLineage(id: string, signal?: AbortSignal): Promise<LineageResponse> {
  return call('GET /user/generations/{id}/lineage', { params: { id }, signal })
}

/** The results of one request (its variations), in the request's order (docs/product.md#variations). */
export async function fetchRequest(batchId: string, signal?: AbortSignal): Promise<Generation[]> {
  const { generations } = await call('GET /user/generations', {
    query: { batchId, limit: MAX_VARIATIONS * 2 },
    signal,
  })
  return [...generations].sort(
    (a, b) => (a.metadata.variation?.index ?? 0) - (b.metadata.variation?.index ?? 0),
  )
}
