import type { UserProfile } from '@parti/contract'
import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signInWithPassword } from '../features/auth/session'
import { useDraft } from '../features/create/hooks/useDraft'
import { renderWithApp } from '../test/render'
import { signOutAndForget } from './signOut'

const user: UserProfile = {
  uid: 'user-1',
  email: 'ada@example.com',
  name: 'Ada',
  photoURL: null,
  role: 'user',
  plan: null,
  subscriptionType: null,
  autoRenewal: false,
  subscriptionEndDate: null,
  subscriptionStatus: 'none',
  credits: 100,
  createdAt: '2025-01-01T00:00:00.000Z',
}

/** The server: signing in answers the user, signing out answers success, or fails when told to. */
function server({ signOutFails = false } = {}) {
  return vi.fn(async (url: string) => {
    if (url.endsWith('/auth/sign-in'))
      return new Response(JSON.stringify({ token: 't', user }), { status: 200 })
    if (url.endsWith('/auth/sign-out') && !signOutFails)
      return new Response(JSON.stringify({ success: true }), { status: 200 })
    return new Response(JSON.stringify({ error: { code: 'internal', message: 'down' } }), { status: 500 })
  })
}

function Note() {
  const [draft, update] = useDraft('note', () => ({ text: '' }))
  return <input aria-label="note" value={draft.text} onChange={(e) => update({ text: e.target.value })} />
}

async function writeNote(text: string) {
  const view = await renderWithApp(<Note />)
  fireEvent.change(screen.getByLabelText('note'), { target: { value: text } })
  view.unmount()
}

async function noteAfterRemount(): Promise<string> {
  const view = await renderWithApp(<Note />)
  const value = (screen.getByLabelText('note') as HTMLInputElement).value
  view.unmount()
  return value
}

describe('signOutAndForget', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('forgets the creation drafts, so signing back in starts from empty screens', async () => {
    vi.stubGlobal('fetch', server())
    await signInWithPassword({ email: user.email, password: 'secret' })
    await writeNote('three bedrooms, oak floor')
    expect(await noteAfterRemount()).toBe('three bedrooms, oak floor')

    await signOutAndForget()
    await signInWithPassword({ email: user.email, password: 'secret' })
    expect(await noteAfterRemount()).toBe('')
  })

  it('forgets them even when the server fails to sign out', async () => {
    vi.stubGlobal('fetch', server({ signOutFails: true }))
    await signInWithPassword({ email: user.email, password: 'secret' })
    await writeNote('loft conversion')

    await expect(signOutAndForget()).rejects.toThrow()
    await signInWithPassword({ email: user.email, password: 'secret' })
    expect(await noteAfterRemount()).toBe('')
  })
})
