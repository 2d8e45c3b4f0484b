import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useSession } from '../features/auth/session'
import { signInFor } from './nextPath'

/**
 * Protected routes send signed-out visitors to / (docs/product.md#route-access), remembering the page asked
 * for so signing in lands there (app/nextPath.ts). RootLayout has already waited for the session.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession()
  const location = useLocation()
  if (status !== 'signed-in') return <Navigate to={signInFor(location.pathname + location.search)} replace />
  return children
}
