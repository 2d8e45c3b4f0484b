import type { Generation } from '@parti/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testI18n } from '../../test/render'
import { generationKeys } from '../jobs/keys'
import { clearTrackedJobs, trackedJobs } from '../jobs/tracker'
import { useStartJob } from './useStartJob'

const pending = {
  id: 'g1',
  status: 'pending',
  generationType: 'sketch-render',
  mode: 'sketch',
  type: 'image',
  creditsCost: 20,
  deleted: false,
  favorite: false,
  userPrompt: 'a house',
  metadata: {},
  createdAt: '2025-01-01T00:00:00.000Z',
} as unknown as Generation

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

async function setup(fetchImpl: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(fetchImpl))
  const qc = new QueryClient()
  const i18n = await testI18n('en')
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    </I18nextProvider>
  )
  const { result } = renderHook(() => useStartJob(), { wrapper })
  return { qc, result }
}

afterEach(() => {
  vi.unstubAllGlobals()
  clearTrackedJobs()
})

describe('useStartJob', () => {
  it('tracks a new job and puts it in the cache', async () => {
    const { qc, result } = await setup(async () => answer(202, { generation: pending }))
    let started: unknown
    await act(async () => {
      started = await result.current.start({ endpoint: '/render/start', body: new FormData() })
    })
    expect(started).toEqual({ generations: [pending], batchId: null })
    expect(qc.getQueryData<Generation>(generationKeys.detail('g1'))?.status).toBe('pending')
    expect(trackedJobs().map((j) => j.id)).toEqual(['g1'])
  })

  it('does not put back to pending a job whose completion arrived before the 202 was read', async () => {
    let qcRef: QueryClient | null = null
    const { qc, result } = await setup(async () => {
      // the event stream delivers the result while the POST's answer is still on its way
      qcRef!.setQueryData(generationKeys.detail('g1'), { ...pending, status: 'completed' })
      return answer(202, { generation: pending })
    })
    qcRef = qc
    await act(async () => {
      await result.current.start({ endpoint: '/render/start', body: new FormData() })
    })
    expect(qc.getQueryData<Generation>(generationKeys.detail('g1'))?.status).toBe('completed')
    expect(trackedJobs()).toEqual([])
  })

  it('opens the insufficient-credits dialog on 402 with the figures', async () => {
    const { result } = await setup(async () =>
      answer(402, {
        error: { code: 'insufficient_credits', message: 'x', details: { required: 300, available: 120 } },
      }),
    )
    await act(async () => {
      await result.current.start({ endpoint: '/render/animate', body: {} })
    })
    expect(result.current.insufficientDialog).toMatchObject({ open: true, required: 300, available: 120 })
  })

  it('reports a validation failure at its field, in the catalogue’s words', async () => {
    const { result } = await setup(async () =>
      answer(400, {
        error: { code: 'description_required', message: 'x', details: { field: 'userPrompt' } },
      }),
    )
    await act(async () => {
      await result.current.start({ endpoint: '/render/start', body: new FormData() })
    })
    expect(result.current.fieldError).toEqual({
      field: 'userPrompt',
      code: 'description_required',
      text: 'Please describe what is in your sketch (e.g., "a living room")',
    })
  })
})
