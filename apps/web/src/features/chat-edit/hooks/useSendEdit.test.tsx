import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testI18n } from '../../../test/render'
import type { InputImage } from '../../create/inputImage'
import { conversationKeys } from './useConversations'
import { useSendEdit } from './useSendEdit'

const conversation = {
  id: 'c1',
  title: '',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  messageCount: 0,
  lastImageUrl: null,
}
const image: InputImage = { kind: 'generation', generationId: 'g0', previewUrl: '/x.png' }

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

afterEach(() => vi.unstubAllGlobals())

describe('useSendEdit', () => {
  it('a refused first send deletes the conversation it made and does not open it', async () => {
    const calls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`)
        if (url.endsWith('/conversations') && init?.method === 'POST') return answer(201, { conversation })
        if (url.endsWith('/render/start'))
          return answer(402, {
            error: { code: 'insufficient_credits', message: 'no', details: { required: 20, available: 0 } },
          })
        return answer(200, { ok: true })
      }),
    )
    const qc = new QueryClient()
    const i18n = await testI18n('en')
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={qc}>{children}</QueryClientProvider>
      </I18nextProvider>
    )
    const onConversation = vi.fn()
    const { result } = renderHook(() => useSendEdit(null, onConversation), { wrapper })
    let ok: boolean | undefined
    await act(async () => {
      ok = await result.current.send('make it warmer', image)
    })
    expect(ok).toBe(false)
    expect(calls).toEqual([
      'POST /api/conversations',
      'POST /api/render/start',
      'DELETE /api/conversations/c1',
    ])
    expect(onConversation).not.toHaveBeenCalled()
    // no empty "Untitled conversation" left in the list
    expect(qc.getQueryData<{ conversations: unknown[] }>(conversationKeys.list())?.conversations).toEqual([])
  })
})
