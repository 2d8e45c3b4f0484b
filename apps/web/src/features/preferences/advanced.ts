import { useSyncExternalStore } from 'react'
import { readStored, writeStored } from '../../lib/storage'

/**
 * The top bar's advanced-settings toggle (docs/product.md#advanced-settings), stored in the browser. Screens
 * read it to show extra controls.
 */
const listeners = new Set<() => void>()
let value = readStored('advancedSettings') ?? false

function setAdvancedSettings(next: boolean) {
  value = next
  writeStored('advancedSettings', next)
  for (const listener of listeners) listener()
}

export function useAdvancedSettings(): [boolean, (next: boolean) => void] {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => value,
    () => false,
  )
  return [current, setAdvancedSettings]
}
