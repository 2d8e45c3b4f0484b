import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react'

export type AuthTab = 'sign-in' | 'sign-up'

interface AuthDialogControls {
  openAuth: (tab?: AuthTab) => void
}

const AuthDialogContext = createContext<AuthDialogControls | null>(null)

// The dialog (forms, Radix Dialog, Tabs) loads on first use so the landing page stays small.
const AuthDialog = lazy(() => import('./AuthDialog'))

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ open: boolean; tab: AuthTab; mounted: boolean }>({
    open: false,
    tab: 'sign-in',
    mounted: false,
  })
  const openAuth = useCallback((tab: AuthTab = 'sign-in') => setState({ open: true, tab, mounted: true }), [])
  const controls = useMemo(() => ({ openAuth }), [openAuth])
  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      {state.mounted && (
        <Suspense fallback={null}>
          <AuthDialog
            open={state.open}
            tab={state.tab}
            onTabChange={(tab) => setState((s) => ({ ...s, tab }))}
            onOpenChange={(open) => setState((s) => ({ ...s, open }))}
          />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  )
}

export function useAuthDialog(): AuthDialogControls {
  const controls = useContext(AuthDialogContext)
  if (!controls) throw new Error('useAuthDialog outside AuthDialogProvider')
  return controls
}
