import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { useSession } from '../features/auth/session'

/**
 * Protected routes send signed-out visitors to / (docs/product.md#route-access). RootLayout has already
 * waited for the session.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession()
  if (status !== 'signed-in') return <Navigate to="/" replace />
  return children
}
