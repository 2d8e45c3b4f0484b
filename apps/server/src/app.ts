import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import { UPLOAD_LIMIT_BYTES } from '@parti/contract'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from './context.ts'
import { accountRoutes } from './http/account-routes.ts'
import { installApiKeyLimit } from './http/api-key-guard.ts'
import { apiKeyRoutes } from './http/api-key-routes.ts'
import { authRoutes } from './http/auth-routes.ts'
import { catalogRoutes } from './http/catalog-routes.ts'
import { contactRoutes } from './http/contact-routes.ts'
import { installCrossSiteGuard } from './http/cross-site.ts'
import { registerDocs } from './http/docs.ts'
import { clientErrorHandler, frameworkErrors, installEdgeGuards } from './http/edge-guards.ts'
import { installErrorHandler } from './http/error-handler.ts'
import { fileRoutes } from './http/file-routes.ts'
import { healthRoutes } from './http/health-routes.ts'
import { requireOperationDocs } from './http/openapi.ts'
import { rateLimits } from './http/rate-limit-store.ts'
import { installSecurityHeaders } from './http/security-headers.ts'
import { loadSpa } from './http/spa.ts'
import { testRoutes } from './http/test-routes.ts'
import type { ApiServices, RouteModule } from './http/types.ts'
import { userRoutes } from './http/user-routes.ts'

export interface BuildOptions {
  /** what the routes call, built by the runtime */
  services: ApiServices
  /** the built web app to serve; omitted for an API-only process */
  webDistDir?: string | null
  /** extra route modules (jobs, events…) registered under /api */
  extraRoutes?: RouteModule[]
}

export async function buildApp(ctx: AppContext, options: BuildOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // SSE streams never go idle; on shutdown every open connection is closed after in-flight requests finish
    forceCloseConnections: true,
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
    // refusals before routing and while Node reads the request, in the one error shape (http/edge-guards.ts)
    frameworkErrors,
    clientErrorHandler,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  const spa = options.webDistDir ? loadSpa(options.webDistDir) : null
  if (options.webDistDir && !spa)
    ctx.log.warn({ distDir: options.webDistDir }, 'web build not found: serving the API only')
  installErrorHandler(app, { spaFallback: spa?.fallback ?? null })

  // CSP is set on the HTML the SPA serves (http/spa.ts); the other security headers apply everywhere
  installSecurityHeaders(app)
  installCrossSiteGuard(app, ctx.config.publicUrl)
  installEdgeGuards(app)
  await app.register(cookie)
  // counters every API process shares (docs/decisions/0086-rate-limits-shared.md)
  const limits = rateLimits(ctx.database, ctx.config.REDIS_URL, (close) => app.addHook('onClose', close))
  await app.register(rateLimit, { global: false, ...limits.plugin })
  app.decorate('attempts', limits.attempts)
  installApiKeyLimit(app, ctx.config.API_KEY_RATE_LIMIT)
  await registerDocs(app, ctx.config.publicUrl)

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>()
      requireOperationDocs(api)
      // multipart lives in this scope: uploads are at most 10 MB (413 beyond), a few files per request
      await api.register(multipart, {
        limits: {
          fileSize: UPLOAD_LIMIT_BYTES,
          files: 4,
          fields: 40,
          fieldSize: 16 * 1024 * 1024,
          parts: 50,
        },
        throwFileSizeLimit: true,
      })
      const core: RouteModule[] = [
        healthRoutes,
        authRoutes,
        accountRoutes,
        userRoutes,
        apiKeyRoutes,
        catalogRoutes,
        contactRoutes,
        fileRoutes,
      ]
      for (const routes of [...core, ...(options.extraRoutes ?? [])]) routes(typed, ctx, options.services)
      if (ctx.config.ENABLE_TEST_ROUTES) {
        ctx.log.warn(
          'ENABLE_TEST_ROUTES is on: /api/test/* grants credits and copies results (end-to-end suite only)',
        )
        testRoutes(typed, ctx)
      }
    },
    { prefix: '/api' },
  )

  await spa?.register(app)
  return app
}
