import { useSyncExternalStore } from 'react'

/**
 * docs/product.md#sidebar-badges: the gallery's badge counts results that finished while the user was
 * elsewhere; opening it clears.
 */
let count = 0
const listeners = new Set<() => void>()
const emit = () => {
  for (const l of listeners) l()
}

export function addGalleryNotification(): void {
  count++
  emit()
}

export function clearGalleryNotifications(): void {
  if (count === 0) return
  count = 0
  emit()
}

const read = () => count
export function useGalleryNotifications(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    read,
    read,
  )
}
