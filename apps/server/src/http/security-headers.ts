import type { FastifyInstance } from 'fastify'

/**
 * The response headers @fastify/helmet sends by default, less Content-Security-Policy (set per HTML page by
 * http/spa.ts) and Cross-Origin-Embedder-Policy (the gallery shows blob-store images cross-context).
 *
 * Helmet sets them one by one on the raw response for every request; at the polling rate of the status route
 * that alone took a third of its time (bench: 8.4k → 12.3k req/s without it). The same fixed set handed to
 * Fastify's reply in one call is written with the status line, at a fraction of the cost.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  // DENY, as the pages' CSP says (frame-ancestors 'none'): no page of Parti is framed, not even by Parti
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
})

/**
 * An /api answer (JSON, a file, an event stream) is never a page: opened on its own it may run, load or frame
 * nothing. The HTML the API serves (the explorer, the test checkout) sets its own policy over this one.
 */
const API_HEADERS = Object.freeze({
  ...SECURITY_HEADERS,
  'content-security-policy':
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
})

/**
 * Strict-Transport-Security only on an answer sent over TLS (the request was https, or said so through a
 * trusted proxy: TRUST_PROXY): browsers ignore it over http, and a studio trying Parti on http://localhost or
 * a LAN address must not have the name pinned to https (docs/decisions/0093-rate-limits-headers-and-logs.md).
 */
const HSTS = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
const SECURE = Object.freeze({ ...SECURITY_HEADERS, ...HSTS })
const SECURE_API = Object.freeze({ ...API_HEADERS, ...HSTS })

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    const api = req.url.startsWith('/api/')
    const tls = req.protocol === 'https'
    reply.headers(api ? (tls ? SECURE_API : API_HEADERS) : tls ? SECURE : SECURITY_HEADERS)
    done()
  })
}
