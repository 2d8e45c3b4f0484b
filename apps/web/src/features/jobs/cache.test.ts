import type { Generation, GenerationsResponse } from '@parti/contract'
import { type InfiniteData, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { applyGeneration } from './cache'
import { estimatesQueryKey, generationKeys } from './keys'

const gen = (patch: Partial<Generation>): Generation =>
  ({
    id: 'g1',
    userId: 'u',
    type: 'image',
    generationType: 'sketch-render',
    mode: 'sketch',
    status: 'pending',
    progress: 0,
    creditsCost: 20,
    deleted: false,
    favorite: false,
    prompt: '',
    userPrompt: 'a house',
    metadata: {},
    createdAt: '2025-01-01T00:00:00.000Z',
    ...patch,
  }) as Generation

type Pages = InfiniteData<GenerationsResponse, string | null>

describe('applyGeneration', () => {
  it('takes a failed job out of the lists but keeps its detail, so the screen that started it can say so', () => {
    const qc = new QueryClient()
    const key = generationKeys.list({ mode: 'sketch' })
    qc.setQueryData<Pages>(key, { pages: [{ generations: [], nextCursor: null }], pageParams: [null] })
    applyGeneration(qc, gen({}))
    expect(qc.getQueryData<Pages>(key)!.pages[0]!.generations.map((g) => g.id)).toEqual(['g1'])

    applyGeneration(qc, gen({ status: 'failed', errorCode: 'provider_failed' }))
    expect(qc.getQueryData<Pages>(key)!.pages[0]!.generations).toEqual([])
    expect(qc.getQueryData<Generation>(generationKeys.detail('g1'))?.status).toBe('failed')
  })
})

describe('applyGeneration keeps the keyset order of the gallery lists', () => {
  const ids = (qc: QueryClient, key: readonly unknown[]) =>
    qc.getQueryData<Pages>(key)!.pages.map((p) => p.generations.map((g) => g.id))

  it('puts a new job first and an older result where the server would list it', () => {
    const qc = new QueryClient()
    const key = generationKeys.list({ favorite: true })
    qc.setQueryData<Pages>(key, {
      pages: [
        {
          generations: [
            gen({ id: 'c', favorite: true, createdAt: '2025-03-01T00:00:00.000Z' }),
            gen({ id: 'a', favorite: true, createdAt: '2025-01-01T00:00:00.000Z' }),
          ],
          nextCursor: null,
        },
      ],
      pageParams: [null],
    })
    applyGeneration(qc, gen({ id: 'b', favorite: true, createdAt: '2025-02-01T00:00:00.000Z' }))
    applyGeneration(qc, gen({ id: 'd', favorite: true, createdAt: '2025-04-01T00:00:00.000Z' }))
    applyGeneration(qc, gen({ id: '0', favorite: true, createdAt: '2024-01-01T00:00:00.000Z' }))
    expect(ids(qc, key)).toEqual([['d', 'c', 'b', 'a', '0']])
  })

  it('leaves an item older than everything loaded to the page that will bring it', () => {
    const qc = new QueryClient()
    const key = generationKeys.list({})
    qc.setQueryData<Pages>(key, {
      pages: [{ generations: [gen({ id: 'c', createdAt: '2025-03-01T00:00:00.000Z' })], nextCursor: 'more' }],
      pageParams: [null],
    })
    applyGeneration(qc, gen({ id: 'old', createdAt: '2024-01-01T00:00:00.000Z', status: 'completed' }))
    expect(ids(qc, key)).toEqual([['c']])
  })
})

describe('the time estimates', () => {
  it('go stale when a job completes, once, whichever screen started it', () => {
    const qc = new QueryClient()
    qc.setQueryData(estimatesQueryKey, { estimates: [] })
    const stale = () => qc.getQueryState(estimatesQueryKey)?.isInvalidated
    applyGeneration(qc, gen({ status: 'processing' }))
    expect(stale()).toBe(false)
    applyGeneration(qc, gen({ status: 'completed' }))
    expect(stale()).toBe(true)
  })

  it('stay as they are when a completed job changes again (a favourite) or a job fails', () => {
    const qc = new QueryClient()
    applyGeneration(qc, gen({ status: 'completed' }))
    qc.setQueryData(estimatesQueryKey, { estimates: [] })
    applyGeneration(qc, gen({ status: 'completed', favorite: true }))
    applyGeneration(qc, gen({ id: 'g2', status: 'failed' }))
    expect(qc.getQueryState(estimatesQueryKey)?.isInvalidated).toBe(false)
  })
})
