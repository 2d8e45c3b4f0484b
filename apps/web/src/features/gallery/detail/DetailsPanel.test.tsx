import type { Generation } from '@parti/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '../../../test/render'
import { DetailsPanel } from './DetailsPanel'

const generation = (patch: Partial<Generation>): Generation =>
  ({
    id: 'g1',
    userId: 'u',
    type: 'image',
    generationType: 'home-staging',
    mode: 'staging',
    status: 'completed',
    progress: 1,
    creditsCost: 40,
    charge: 'charged',
    creditsCharged: 40,
    userPrompt: '',
    enhancedPrompt: null,
    videoPrompt: null,
    styleId: null,
    colorPaletteId: null,
    engine: null,
    model: null,
    inputImageUrl: null,
    inputImageUrls: [],
    sourceImageUrl: null,
    metadata: {},
    createdAt: '2026-11-27T02:00:00.000Z',
    completedAt: null,
    processingTime: null,
    ...patch,
  }) as Generation

async function credits(patch: Partial<Generation>, language: 'en' | 'ar' = 'en') {
  await renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <DetailsPanel generation={generation(patch)} onOpenSource={() => {}} />
    </QueryClientProvider>,
    { language },
  )
  return screen.getByTestId('detail-credits').textContent
}

// docs/product.md#credit-holds: the gallery says what a job was charged
describe('the details panel’s credits', () => {
  it('says "Not charged" for a job whose hold was released', async () => {
    const text = await credits({ status: 'failed', charge: 'not_charged', creditsCharged: 0 })
    expect(text).toContain('40')
    expect(text).toContain('Not charged')
  })
  it('splits a partial result into what was charged and what was not', async () => {
    expect(await credits({ charge: 'partly_charged', creditsCharged: 20 })).toContain(
      '20 charged, 20 not charged (not delivered)',
    )
  })
  it('says a running job’s credits are on hold', async () => {
    expect(await credits({ status: 'processing', charge: 'held', creditsCharged: 0 })).toContain('On hold')
  })
  it('says a delivered job’s credits were charged', async () => {
    const text = await credits({})
    expect(text).toContain('Charged')
    expect(text).not.toContain('Not charged')
  })
  it('in Arabic too', async () => {
    expect(await credits({ status: 'failed', charge: 'not_charged', creditsCharged: 0 }, 'ar')).toContain(
      'لم يُخصم شيء',
    )
  })
})
