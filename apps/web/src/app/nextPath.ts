/**
 * Where a visitor sent to sign in was going (docs/product.md#route-access): a protected page sends them to
 * `/?next=<path>`, and once signed in the home route takes them there. Only a path of this site is followed
 * (no `//host`, no scheme), so the parameter cannot send anyone elsewhere.
 */
export function nextPath(search: string): string | null {
  const next = new URLSearchParams(search).get('next')
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null
  return next
}

/** The landing address that remembers the page asked for. */
export const signInFor = (path: string): string => (path === '/' ? '/' : `/?next=${encodeURIComponent(path)}`)
