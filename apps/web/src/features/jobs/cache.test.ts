import type { Generation, GenerationsResponse } from '@parti/contract'
import { type InfiniteData, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { applyGeneration } from './cache'
import { generationKeys } from './keys'

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
