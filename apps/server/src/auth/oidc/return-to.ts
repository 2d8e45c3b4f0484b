const BASE = 'http://parti.invalid'

/**
 * Where to land after signing in: a path of this site only (no scheme, no other host, no `//host` or `/\host`
 * that browsers read as another origin), never an API route; anything else is the home page.
 */
export function safeReturnTo(raw: string | null | undefined): string {
  if (!raw || raw.length > 1000 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) {
    return '/'
  }
  // control characters are dropped by URL parsing and could hide a second slash
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is exactly what is being refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) return '/'
  let url: URL
  try {
    url = new URL(raw, BASE)
  } catch {
    return '/'
  }
  if (url.origin !== BASE || url.pathname === '/api' || url.pathname.startsWith('/api/')) return '/'
  return `${url.pathname}${url.search}${url.hash}`
}

/** The same path with one query parameter set (the hash stays last). */
export function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, BASE)
  url.searchParams.set(name, value)
  return `${url.pathname}${url.search}${url.hash}`
}
