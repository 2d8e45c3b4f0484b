import type { Generation } from '@parti/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../test/render'
import { VersionsPanel } from './VersionsPanel'

const g = (id: string, source: string | null, minute: number): Generation =>
  ({
    id,
    sourceGenerationId: source,
    status: 'completed',
    mode: 'magic-edit',
    userPrompt: `edit ${id}`,
    outputImageUrl: `/api/files/${id}.jpg`,
    thumbnailUrl: null,
    createdAt: `2026-11-27T10:${String(minute).padStart(2, '0')}:00.000Z`,
    deleted: false,
    metadata: {},
  }) as unknown as Generation

const tree = [g('a', null, 0), g('b', 'a', 1), g('c', 'b', 2), g('c2', 'b', 3)]

afterEach(() => vi.unstubAllGlobals())

async function panel(compare: Generation[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ rootId: 'a', generations: tree, truncated: false }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  )
  const onCompareChange = vi.fn()
  const onOpen = vi.fn()
  await renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <VersionsPanel
        generation={tree[2]!}
        compare={compare}
        onCompareChange={onCompareChange}
        onOpen={onOpen}
      />
    </QueryClientProvider>,
  )
  await screen.findByTestId('versions-panel')
  return { onCompareChange, onOpen }
}

describe('the Versions tab (docs/product.md#versions)', () => {
  it('draws the tree by depth and marks this version', async () => {
    await panel()
    const nodes = screen.getAllByTestId('version-node')
    expect(nodes.map((n) => [n.dataset.generationId, n.dataset.depth])).toEqual([
      ['a', '0'],
      ['b', '1'],
      ['c', '2'],
      ['c2', '2'],
    ])
    expect(nodes[2]!.textContent).toContain('This version')
  })

  it('ticking a second version asks to compare the two, oldest first', async () => {
    const { onCompareChange } = await panel([tree[3]!])
    fireEvent.click(screen.getAllByTestId('version-compare')[0]!)
    expect(onCompareChange).toHaveBeenCalledWith([tree[0], tree[3]])
  })

  it('opens another version', async () => {
    const { onOpen } = await panel()
    fireEvent.click(screen.getAllByTestId('version-open')[0]!)
    expect(onOpen).toHaveBeenCalledWith(tree[0])
  })
})
