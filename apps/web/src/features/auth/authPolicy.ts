import { useEffect, useState } from 'react'
import { fetchProviders } from './api'

/** What the server lets visitors do (docs/product.md#demo-mode): create an account, or nothing at all (a demo). */
export interface AuthPolicy {
  signUp: boolean
  demo: boolean
}

/** Until the server has answered, the usual case: sign-up open, not a demo. */
const OPEN: AuthPolicy = { signUp: true, demo: false }
let known: AuthPolicy | null = null
let pending: Promise<AuthPolicy> | null = null

function loadPolicy(): Promise<AuthPolicy> {
  pending ??= fetchProviders().then(
    (p) => {
      known = { signUp: p.signUp, demo: p.demo }
      return known
    },
    () => {
      pending = null
      return OPEN
    },
  )
  return pending
}

/** The server's sign-up policy, read once per page load (GET /api/auth/providers). */
export function useAuthPolicy(): AuthPolicy {
  const [policy, setPolicy] = useState<AuthPolicy>(known ?? OPEN)
  useEffect(() => {
    let live = true
    void loadPolicy().then((p) => live && setPolicy(p))
    return () => {
      live = false
    }
  }, [])
  return policy
}
