import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// Runs before every test file (the web project's setupFiles). Files share one environment (`isolate: false`),
// so what one file leaves behind is cleared here: the rendered trees (vitest globals are off, so Testing Library
// cannot register its own clean-up), the browser's storage, the document's language and direction, and any
// global a file stubbed.
afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
  document.documentElement.removeAttribute('dir')
  document.documentElement.removeAttribute('lang')
  document.documentElement.className = ''
  vi.unstubAllGlobals()
  vi.useRealTimers()
})
