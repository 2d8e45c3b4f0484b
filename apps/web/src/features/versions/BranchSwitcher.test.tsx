import type { Generation } from '@parti/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../test/render'
import { BranchSwitcher } from './BranchSwitcher'

const g = (id: string, source: string | null, minute: number) =>
  ({
    id,
    sourceGenerationId: source,
    status: 'completed',
    createdAt: `2026-11-27T10:0${minute}:00.000Z`,
    deleted: false,
    metadata: {},
  }) as unknown as Generation

// b was edited three times: c1, c2, c3
const tree = [g('a', null, 0), g('b', 'a', 1), g('c1', 'b', 2), g('c2', 'b', 3), g('c3', 'b', 4)]

afterEach(() => vi.unstubAllGlobals())

async function switcher(shown: Generation, language: 'en' | 'ar' = 'en') {
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
  const onSwitch = vi.fn()
  await renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <BranchSwitcher generation={shown} onSwitch={onSwitch} />
    </QueryClientProvider>,
    { language },
  )
  return onSwitch
}

describe('Ask Parti’s branch switcher (docs/product.md#versions)', () => {
  it('says which of the edits of the same image this is, and steps between them', async () => {
    const onSwitch = await switcher(tree[3]!)
    expect((await screen.findByTestId('branch-position')).textContent).toBe('2/3')
    fireEvent.click(screen.getByTestId('branch-previous'))
    expect(onSwitch).toHaveBeenLastCalledWith('c1')
    fireEvent.click(screen.getByTestId('branch-next'))
    expect(onSwitch).toHaveBeenLastCalledWith('c3')
  })

  it('the last branch cannot go further; the names are translated', async () => {
    await switcher(tree[4]!, 'ar')
    expect((await screen.findByTestId('branch-position')).textContent).toBe('3/3')
    expect((screen.getByTestId('branch-next') as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByTestId('branch-next').getAttribute('aria-label')).toBe('الفرع التالي')
  })

  it('shows nothing for an edit that has no sibling', async () => {
    await switcher(tree[1]!)
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByTestId('branch-switcher')).toBeNull()
  })
})
