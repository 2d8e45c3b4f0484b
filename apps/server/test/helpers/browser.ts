import { createServer } from 'node:net'

export interface BrowserResponse {
  status: number
  location: string | null
  text: string
}

/**
 * Just enough of a browser for redirect-based sign-in: a cookie jar per origin (paths and expiry are kept
 * simple: a cookie is sent to every path of its origin until it is cleared) and no automatic redirects, so a
 * test sees, and may tamper with, every hop.
 */
export class Browser {
  private jars = new Map<string, Map<string, string>>()

  async request(method: 'GET' | 'POST', url: string, form?: URLSearchParams): Promise<BrowserResponse> {
    const { origin } = new URL(url)
    const jar = this.jar(origin)
    const headers: Record<string, string> = {}
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded'
    const res = await fetch(url, { method, headers, body: form?.toString(), redirect: 'manual' })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const eq = pair!.indexOf('=')
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      const expired = attributes.some(
        (a) =>
          /^\s*max-age=0\s*$/i.test(a) ||
          (/^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) < new Date()),
      )
      if (expired || value === '') jar.delete(name)
      else jar.set(name, value)
    }
    const location = res.headers.get('location')
    return { status: res.status, location: location && new URL(location, url).href, text: await res.text() }
  }

  get(url: string) {
    return this.request('GET', url)
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jar(origin).get(name)
  }

  setCookie(origin: string, name: string, value: string) {
    this.jar(origin).set(name, value)
  }

  private jar(origin: string) {
    const jar = this.jars.get(origin) ?? new Map<string, string>()
    this.jars.set(origin, jar)
    return jar
  }
}

/** How the provider hands the browser back: a redirect (Google) or a self-submitting form (Apple). */
export type ProviderAnswer =
  | { method: 'GET'; url: string }
  | { method: 'POST'; url: string; form: URLSearchParams }

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** Follow the provider's pages from an authorization URL until they send the browser back to `returnOrigin`. */
export async function throughProvider(
  browser: Browser,
  authorizationUrl: string,
  returnOrigin: string,
): Promise<ProviderAnswer> {
  let url = authorizationUrl
  for (let hop = 0; hop < 10; hop++) {
    const r = await browser.get(url)
    if (r.status >= 300 && r.status < 400 && r.location) {
      if (r.location.startsWith(`${returnOrigin}/`)) return { method: 'GET', url: r.location }
      url = r.location
      continue
    }
    const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(r.text)
    if (form) {
      const fields = new URLSearchParams()
      for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
        fields.append(m[1]!, unescapeHtml(m[2]!))
      }
      return { method: 'POST', url: unescapeHtml(form[1]!), form: fields }
    }
    throw new Error(`the provider answered ${r.status}: ${r.text.slice(0, 500)}`)
  }
  throw new Error('too many redirects at the provider')
}

/** A TCP port nobody listens on right now (for a server that must know its own address before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}
