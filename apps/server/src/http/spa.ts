import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export interface Spa {
  register(app: FastifyInstance): Promise<void>
  /** for the not-found handler: answer index.html for an app route, or nothing */
  fallback(req: FastifyRequest, reply: FastifyReply): FastifyReply | undefined
}

/**
 * Serve the built SPA: hashed assets with a year of cache, index.html for every app route (the client router
 * decides), with a Content-Security-Policy that allows exactly the inline scripts the page ships (theme set-up).
 * Null when there is no build.
 */
export function loadSpa(distDir: string): Spa | null {
  const indexPath = join(distDir, 'index.html')
  if (!existsSync(indexPath)) return null
  const html = readFileSync(indexPath, 'utf8')
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  )
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    // Google account photos (photoURL after signing in with Google) come from its CDN
    "img-src 'self' data: blob: https://*.googleusercontent.com",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
  const sendIndex = (reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp)
      .send(html)

  return {
    async register(app) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // scripts/build-web.mjs writes .br and .gz beside each asset
        preCompressed: true,
        setHeaders(res, path) {
          res.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          )
        },
      })
      app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply))
    },
    fallback(req, reply) {
      const path = req.url.split('?')[0] ?? ''
      if (
        (req.method !== 'GET' && req.method !== 'HEAD') ||
        path.startsWith('/api/') ||
        /\.[a-z0-9]{2,5}$/i.test(path)
      )
        return undefined
      return sendIndex(reply)
    },
  }
}
