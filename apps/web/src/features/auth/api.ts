import type { SignInRequest, SignUpRequest, UserProfile } from '@parti/contract'
import { ApiError, call } from '../../lib/api'

export const providersQueryKey = ['auth', 'providers'] as const

/** The signed-in user's profile, or null when the visitor is signed out (the server answers 401). */
export async function fetchProfile(): Promise<UserProfile | null> {
  try {
    const { user } = await call('GET /user/profile')
    return user
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
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
