import type { Generation } from '@parti/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../test/render'
import { VariationStrip } from './VariationStrip'

const variation = (id: string, index: number, patch: Partial<Generation> = {}): Generation =>
  ({
    id,
    status: 'completed',
    picked: false,
    thumbnailUrl: `/api/files/${id}.webp`,
    outputImageUrl: `/api/files/${id}.jpg`,
    metadata: { variation: { index, count: 3 } },
    ...patch,
  }) as Generation

afterEach(() => vi.unstubAllGlobals())

async function strip(variations: Array<Generation | undefined>, shown: string, language: 'en' | 'ar' = 'en') {
  const onShow = vi.fn()
  await renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <VariationStrip variations={variations} shown={shown} onShow={onShow} />
    </QueryClientProvider>,
    { language },
  )
  return onShow
}

describe('the variations strip (docs/product.md#variations)', () => {
  it('shows each variation, the shown one pressed, and switches on a tap', async () => {
    const onShow = await strip([variation('a', 0), variation('b', 1), variation('c', 2)], 'b')
    const items = screen.getAllByTestId('variation-item')
    expect(items.map((i) => i.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false'])
    expect(items[2]!.getAttribute('aria-label')).toBe('Variation 3 of 3')
    fireEvent.click(items[2]!)
    expect(onShow).toHaveBeenCalledWith('c')
  })

  it('a failed variation says it was not charged; one still running waits', async () => {
    await strip([variation('a', 0), variation('b', 1, { status: 'failed' }), undefined], 'a')
    const items = screen.getAllByTestId('variation-item')
    expect(items[1]!.getAttribute('aria-label')).toBe('Variation 2 of 3: Failed, not charged')
    expect((items[2] as HTMLButtonElement).disabled).toBe(true)
  })

  it('"Keep this one" picks the shown variation on the server', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            generations: [variation('a', 0), variation('b', 1, { picked: true }), variation('c', 2)],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    )
    vi.stubGlobal('fetch', fetchMock)
    await strip([variation('a', 0), variation('b', 1), variation('c', 2)], 'b')
    fireEvent.click(screen.getByTestId('variation-keep'))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/api/user/generations/b/pick')
  })

  it('the kept one is ticked, in Arabic too', async () => {
    await strip([variation('a', 0, { picked: true }), variation('b', 1)], 'a', 'ar')
    expect(screen.getByTestId('variation-kept').textContent).toContain('محتفظ بها')
  })
})
