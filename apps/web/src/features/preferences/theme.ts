import { useSyncExternalStore } from 'react'
import { readStored, type Theme, writeStored } from '../../lib/storage'

/**
 * Light/dark theme (docs/product.md#theme: stored in the browser, default light). index.html applies the
 * stored class before the first paint; this keeps it in step afterwards.
 */
const listeners = new Set<() => void>()

function current(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

function applyTheme(theme: Theme) {
  const root = document.documentElement
  root.classList.toggle('dark', theme === 'dark')
  root.style.colorScheme = theme
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#0e0f11' : '#fafaf9')
}

function setTheme(theme: Theme) {
  writeStored('theme', theme)
  applyTheme(theme)
  for (const listener of listeners) listener()
}

/** Re-applies the stored theme (or the light default); the inline script already did this once. */
export function initTheme() {
  applyTheme(readStored('theme') ?? 'light')
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    current,
    () => 'light' as Theme,
  )
  return [theme, setTheme]
}
