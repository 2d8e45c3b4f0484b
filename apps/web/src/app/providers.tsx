import { lazy, type ReactNode, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useTheme } from '../features/preferences/theme'

// Toasts are only needed after an action; loading them lazily keeps them off the landing page's first load.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

export function Providers({ children }: { children: ReactNode }) {
  const [theme] = useTheme()
  const { i18n } = useTranslation()
  return (
    <>
      {children}
      <Suspense fallback={null}>
        <Toaster
          theme={theme}
          position="bottom-center"
          toastOptions={{ className: 'font-sans' }}
          dir={i18n.dir()}
        />
      </Suspense>
    </>
  )
}
