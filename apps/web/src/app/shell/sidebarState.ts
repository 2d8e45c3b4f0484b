import { useCallback, useState } from 'react'
import { readStored, type SidebarState, writeStored } from '../../lib/storage'

/** Expanded or icon-only sidebar (docs/product.md#sidebar), kept across visits. */
export function useSidebarState(): [SidebarState, () => void] {
  const [state, setState] = useState<SidebarState>(() => readStored('sidebar') ?? 'expanded')
  const toggle = useCallback(() => {
    setState((current) => {
      const next = current === 'expanded' ? 'collapsed' : 'expanded'
      writeStored('sidebar', next)
      return next
    })
  }, [])
  return [state, toggle]
}
