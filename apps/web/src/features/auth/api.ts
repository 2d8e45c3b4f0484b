import type { SignInRequest, SignUpRequest, UserProfile } from '@parti/contract'
import { call } from '../../lib/api'

export const providersQueryKey = ['auth', 'providers'] as const

/**
 * The signed-in user's profile, or null when the visitor is signed out: GET /auth/session answers 200 either
 * way, so a signed-out visitor's console shows no failed request on every public page.
 */
export async function fetchProfile(): Promise<UserProfile | null> {
  const { user } = await call('GET /auth/session')
  return user
}

export function signIn(body: SignInRequest) {
  return call('POST /auth/sign-in', { body })
}

export function signUp(body: SignUpRequest) {
  return call('POST /auth/sign-up', { body })
}

export function signOut() {
  return call('POST /auth/sign-out')
}

export function fetchProviders() {
  return call('GET /auth/providers')
}

/** Where the provider buttons go: the server's start route, coming back to the page the visitor is on. */
export function providerSignInUrl(
  provider: 'google' | 'apple',
  here: Pick<Location, 'pathname' | 'search' | 'hash'>,
): string {
  const returnTo = `${here.pathname}${here.search}${here.hash}`
  return `/api/auth/${provider}?returnTo=${encodeURIComponent(returnTo)}`
}
