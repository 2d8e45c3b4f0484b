import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_COOKIE } from '../auth/sessions.ts'

export interface Spa {
  register(app: FastifyInstance): Promise<void>
  /** for the not-found handler: answer index.html for an app route, or nothing */
  fallback(req: FastifyRequest, reply: FastifyReply): FastifyReply | undefined
}

/**
 * Serve the built SPA: hashed assets with a year of cache, index.html for every app route (the client router
 * decides), with a Content-Security-Policy that allows exactly the inline scripts the page ships (theme set-up);
 * at /, the landing page rendered at build time to visitors without a session.
 * Null when there is no build.
 */
export function loadSpa(distDir: string): Spa | null {
  const indexPath = join(distDir, 'index.html')
  if (!existsSync(indexPath)) return null
  const index = loadPage(indexPath)
  // scripts/build-web.mjs renders the landing page into landing.html; a build without it serves index.html
  const landingPath = join(distDir, 'landing.html')
  const landing = existsSync(landingPath) ? loadPage(landingPath) : index

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
      // a visitor with a session gets the app (Ask Parti at /), anyone else the landing page's painted copy
      app.get('/', { schema: { hide: true } }, (req, reply) =>
        sendPage(
          req,
          reply.header('vary', 'accept-encoding, cookie'),
          req.cookies?.[SESSION_COOKIE] ? index : landing,
        ),
      )
    },
    fallback(req, reply) {
      const path = req.url.split('?')[0] ?? ''
      if (
        (req.method !== 'GET' && req.method !== 'HEAD') ||
        path.startsWith('/api/') ||
        /\.[a-z0-9]{2,5}$/i.test(path)
      )
        return undefined
      return sendPage(req, reply, index)
    },
  }
}

interface Page {
  html: string
  br: Buffer
  gzip: Buffer
  /** allows exactly the inline scripts the page ships (theme, language) */
  csp: string
}

function loadPage(path: string): Page {
  const html = readFileSync(path, 'utf8')
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
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
    csp,
  }
}

function sendPage(req: FastifyRequest, reply: FastifyReply, page: Page): FastifyReply {
  if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding')
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', page.csp)
  const accepted = String(req.headers['accept-encoding'] ?? '')
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br)
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip)
  return reply.send(page.html)
}
