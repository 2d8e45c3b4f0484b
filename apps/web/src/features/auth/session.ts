import type { SignInRequest, SignUpRequest, UserProfile } from '@parti/contract'
import { useSyncExternalStore } from 'react'
import { ApiError } from '../../lib/api'
import { currentLanguage } from '../../lib/i18n'
import { fetchProfile, signIn, signOut, signUp } from './api'

/**
 * Who is using the app. A small store rather than a query: the landing page needs it before anything else,
 * and it should not carry a data-fetching library to know that the visitor is signed out.
 * The profile call doubles as the session check: 401 means signed out.
 */
type SessionStatus = 'loading' | 'signed-in' | 'signed-out' | 'error'

interface SessionState {
  status: SessionStatus
  user: UserProfile | null
}

export interface Session extends SessionState {
  retry: () => void
}

let state: SessionState = { status: 'loading', user: null }
const listeners = new Set<() => void>()

function setState(next: SessionState) {
  state = next
  for (const listener of listeners) listener()
}

function setSignedIn(user: UserProfile) {
  setState({ status: 'signed-in', user })
}

export function setSignedOut() {
  setState({ status: 'signed-out', user: null })
}

const transient = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500 || error.status === 0

/** Loads the session; shows the loading state only on the first load, later refreshes are silent. */
export async function loadSession({ attempts = 2 }: { attempts?: number } = {}): Promise<void> {
  if (state.status === 'error') setState({ status: 'loading', user: null })
  for (let attempt = 1; ; attempt++) {
    try {
      const user = await fetchProfile()
      return user ? setSignedIn(user) : setSignedOut()
    } catch (error) {
      if (attempt >= attempts || !transient(error)) {
        if (state.status === 'loading') setState({ status: 'error', user: null })
        return
      }
    }
  }
}

/** Re-reads the profile, e.g. after credits changed. */
export function refreshSession(): Promise<void> {
  return loadSession({ attempts: 1 })
}

// the page's language goes with a sign-in or sign-up: the account's mail is written in it (docs/product.md#account)
export async function signInWithPassword(body: SignInRequest): Promise<UserProfile> {
  const { user } = await signIn({ language: currentLanguage(), ...body })
  setSignedIn(user)
  return user
}

export async function signUpWithPassword(body: SignUpRequest): Promise<UserProfile> {
  const { user } = await signUp({ language: currentLanguage(), ...body })
  setSignedIn(user)
  return user
}

/** Signs out on the server; whatever it answers, this browser forgets the user. */
export async function signOutEverywhere(): Promise<void> {
  try {
    await signOut()
  } finally {
    setSignedOut()
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const getSnapshot = () => state
const retry = () => void loadSession()

export function useSession(): Session {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  return { ...snapshot, retry }
}

/** The balance changed on the server (a job's debit or refund, a purchase): keep the top bar right. */
export function updateCredits(credits: number) {
  if (state.user && state.user.credits !== credits) setState({ ...state, user: { ...state.user, credits } })
}
