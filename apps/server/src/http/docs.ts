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
    uiConfig: { docExpansion: 'list', deepLinking: true },
  })
}
