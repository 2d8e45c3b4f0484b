import type { FastifyInstance, FastifyRequest } from 'fastify'
import { SESSION_COOKIE } from '../auth/sessions.ts'
import { AppError } from '../domain/errors.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Fetch metadata that says the request was made by this site, or typed into the address bar. */
const OWN = new Set(['same-origin', 'none'])
/**
 * Provider callbacks that arrive as a cross-site POST by design (Apple's form_post), and provider webhooks:
 * neither is authenticated by the session cookie.
 */
const EXEMPT = [/^\/api\/auth\/apple\/callback(\?|$)/, /^\/api\/webhooks\//]

const sessionCookie = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`)

/**
 * Cross-site request forgery (docs/decisions/0081-cross-site-writes-refused.md): a state-changing request that
 * would be authenticated by the session cookie must come from this site. Browsers say where a request comes
 * from (`Sec-Fetch-Site`, and `Origin` on every POST); a request that says it comes from another site, a
 * sibling subdomain included (SameSite=Lax lets those through), is refused with 403 before any route runs.
 * Requests without the cookie (API keys, bearer tokens, sign-in itself) and clients that send neither header
 * (curl, server-to-server) are not browsers acting for someone else, and pass.
 */
export function installCrossSiteGuard(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin
  app.addHook('onRequest', (req, _reply, done) => {
    if (SAFE.has(req.method) || !carriesSession(req) || EXEMPT.some((p) => p.test(req.url))) return done()
    // Fetch metadata first: every current browser sends it, and it is what tells a sibling subdomain apart.
    // `Origin` is `null` on this site's own writes (the pages' Referrer-Policy is no-referrer, and the Fetch
    // standard then serialises a same-origin request's origin as null), so it decides only for browsers that
    // do not send Sec-Fetch-Site.
    const site = header(req, 'sec-fetch-site')
    const origin = header(req, 'origin')
    const own = site ? OWN.has(site) : origin ? isOwnOrigin(req, origin, publicOrigin) : true
    if (own) return done()
    done(new AppError('forbidden', 'Cross-site request refused', { reason: 'cross_site' }))
  })
}

function carriesSession(req: FastifyRequest): boolean {
  const auth = req.headers.authorization
  if (auth?.startsWith('Bearer ')) return false
  const cookie = req.headers.cookie
  return typeof cookie === 'string' && sessionCookie.test(cookie)
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name]
  return typeof v === 'string' ? v.trim().toLowerCase() : undefined
}

/** The site's public address, or the address this request was sent to (a dev server proxying to the API). */
function isOwnOrigin(req: FastifyRequest, origin: string, publicOrigin: string): boolean {
  // without fetch metadata an opaque origin cannot be told apart from a sandboxed page elsewhere
  if (origin === 'null') return false
  if (origin === publicOrigin.toLowerCase()) return true
  return origin === `${req.protocol}://${req.host}`.toLowerCase()
}
