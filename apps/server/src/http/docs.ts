import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { completeOperation } from './openapi.ts'

/** OpenAPI generated from the contract's zod schemas, browsable at /api/docs (JSON at /api/docs/json). */
export async function registerDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parti API',
        version: '1.0.0',
        description:
          'Sketches and room photos into finished images and videos. Send `Authorization: Bearer <token>` ' +
          '(from /api/auth/sign-in, or a Pro API key); the browser uses the session cookie. Errors are ' +
          '`{ "error": { "code", "message", "details" } }`.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'parti_session' },
        },
      },
    },
    transform: completeOperation,
    transformObject: jsonSchemaTransformObject,
  })
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    // the explorer's own policy: its scripts and styles by hash (the plugin computes them), nothing from
    // elsewhere, never framed (as X-Frame-Options says: http/security-headers.ts), no online validator badge
    staticCSP: true,
    transformStaticCSP: (header: string) => docsCsp(header, publicUrl),
  })
}

/**
 * The one <style> element swagger-ui's script adds at run time, allowed by its hash (the browser spec
 * apps/web/e2e/api-docs.spec.ts reports any violation, and the hash to use, when swagger-ui changes it).
 */
const EXPLORER_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"

/**
 * The swagger-ui plugin's policy, tightened: `frame-ancestors 'none'`, no `validator.swagger.io` image, no
 * `https:` wildcard for styles and fonts (the explorer ships its own), and `upgrade-insecure-requests` only
 * when Parti is served over https (on http://localhost it would ask for the scripts over https and break).
 */
function docsCsp(header: string, publicUrl: string): string {
  const directives = header
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .filter((d) => publicUrl.startsWith('https:') || d !== 'upgrade-insecure-requests')
    .map((d) =>
      d
        .replace(/^frame-ancestors .*/, "frame-ancestors 'none'")
        .replace(/ validator\.swagger\.io/, '')
        .replace(/ https:(?= |$)/g, '')
        .replace(/^style-src 'self'/, `style-src 'self' ${EXPLORER_STYLE}`),
    )
  if (!directives.some((d) => d.startsWith('connect-src'))) directives.push("connect-src 'self'")
  if (!directives.some((d) => d.startsWith('form-action'))) directives.push("form-action 'self'")
  return directives.join('; ')
}
