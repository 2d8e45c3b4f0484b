import { useCallback, useEffect, useRef, useState } from 'react'
import { useSession } from '../../auth/session'

/**
 * What a creation screen holds between visits (the form, the picked files, the jobs it is showing), kept in
 * memory for the tab's life so going to the gallery and back loses nothing. Files cannot go into browser
 * storage, and a reload starts fresh by design. Keyed by user, so a different sign-in never sees them.
 */
const drafts = new Map<string, unknown>()

export function useDraft<T extends object>(
  screen: string,
  initial: () => T,
): [T, (patch: Partial<T> | ((current: T) => Partial<T>)) => void] {
  const { user } = useSession()
  const key = `${user?.uid ?? ''}:${screen}`
  const [draft, setDraft] = useState<T>(() => (drafts.get(key) as T | undefined) ?? initial())
  const latest = useRef(draft)
  latest.current = draft

  useEffect(() => {
    drafts.set(key, draft)
  }, [key, draft])

  const update = useCallback((patch: Partial<T> | ((current: T) => Partial<T>)) => {
    setDraft((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) }))
  }, [])
  return [draft, update]
}

/** Forget every screen's draft (sign-out). */
export function clearDrafts(): void {
  drafts.clear()
}
