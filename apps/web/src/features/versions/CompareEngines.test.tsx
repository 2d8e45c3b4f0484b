import type { Generation } from '@parti/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../test/render'
import { CompareEnginesButton, CompareGrid } from './CompareEngines'

const cell = (id: string, index: number, engine: string, patch: Partial<Generation> = {}): Generation =>
  ({
    id,
    status: 'completed',
    engine,
    picked: false,
    deleted: false,
    creditsCost: 20,
    creditsCharged: 20,
    processingTime: 4_250,
    thumbnailUrl: `/api/files/${id}.webp`,
    outputImageUrl: `/api/files/${id}.jpg`,
    metadata: { variation: { index, count: 2 }, compare: { engine }, fidelity: { score: 0.934 } },
    ...patch,
  }) as Generation

afterEach(() => vi.unstubAllGlobals())

const wrap = (node: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
)

describe('compare engines (docs/product.md#compare-engines)', () => {
  it('is offered only where two engines serve the kind, with the price of every cell', async () => {
    const onCompare = vi.fn()
    const { unmount } = await renderWithApp(
      wrap(<CompareEnginesButton engines={['local']} price={20} onCompare={onCompare} />),
    )
    expect(screen.queryByTestId('compare-engines')).toBeNull()
    unmount()
    await renderWithApp(
      wrap(
        <CompareEnginesButton
          engines={['fal', 'local', 'replicate', 'openai']}
          price={20}
          onCompare={onCompare}
        />,
      ),
    )
    expect(screen.getByTestId('compare-engines-button').textContent).toContain('60 credits')
    fireEvent.click(screen.getByTestId('compare-engines-button'))
    expect(onCompare).toHaveBeenCalledWith(['fal', 'local', 'replicate'])
  })

  it("shows each engine's seconds, credits and fidelity; a failed cell says it was not charged", async () => {
    await renderWithApp(
      wrap(
        <CompareGrid
          ids={['a', 'b']}
          cells={[cell('a', 0, 'fal'), cell('b', 1, 'local', { status: 'failed', creditsCharged: 0 })]}
          shown="a"
          onShow={() => {}}
        />,
      ),
    )
    const cells = screen.getAllByTestId('compare-cell')
    expect(cells.map((c) => c.getAttribute('data-engine'))).toEqual(['fal', 'local'])
    expect(screen.getAllByTestId('compare-seconds').map((e) => e.textContent)).toEqual(['4.3', '–'])
    expect(screen.getAllByTestId('compare-credits').map((e) => e.textContent)).toEqual(['20', '0'])
    expect(screen.getAllByTestId('compare-fidelity')[0]!.textContent).toBe('93%')
    expect(cells[1]!.textContent).toContain('Failed, not charged')
  })

  it('"Keep only this one" picks it and deletes the others', async () => {
    const fetchMock = vi.fn(async (url: string | URL, _init?: RequestInit) =>
      String(url).includes('/pick')
        ? new Response(
            JSON.stringify({ generations: [cell('a', 0, 'fal'), cell('b', 1, 'local', { picked: true })] }),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          )
        : new Response(null, { status: 204 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const onShow = vi.fn()
    await renderWithApp(
      wrap(
        <CompareGrid
          ids={['a', 'b']}
          cells={[cell('a', 0, 'fal'), cell('b', 1, 'local')]}
          shown="a"
          onShow={onShow}
        />,
      ),
    )
    fireEvent.click(screen.getAllByTestId('compare-keep')[1]!)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    const calls = fetchMock.mock.calls.map((c) => [String(c[0]), (c[1] as RequestInit | undefined)?.method])
    expect(calls).toContainEqual([expect.stringContaining('/api/user/generations/b/pick'), 'POST'])
    expect(calls).toContainEqual([expect.stringContaining('/api/user/generations/a'), 'DELETE'])
    expect(onShow).toHaveBeenCalledWith('b')
    expect(screen.getAllByTestId('compare-cell').map((c) => c.getAttribute('data-engine'))).toEqual(['local'])
  })
})
