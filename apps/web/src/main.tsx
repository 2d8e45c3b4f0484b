import { StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { FullScreenLoader } from './app/FullScreenLoader'
import { Providers } from './app/providers'
import { router } from './app/router'
import { loadSession } from './features/auth/session'
import { initTheme } from './features/preferences/theme'
import { initI18n } from './lib/i18n'
import './styles.css'

initTheme()
void initI18n()
void loadSession()

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

createRoot(root).render(
  <StrictMode>
    <Suspense fallback={<FullScreenLoader />}>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </Suspense>
  </StrictMode>,
)
