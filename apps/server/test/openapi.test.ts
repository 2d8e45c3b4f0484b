import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openApiDocument } from '../src/openapi-document.ts'
import { Api } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// The OpenAPI document as part of the product (docs/decisions/0076-openapi-complete-by-construction.md): what
// the server serves at /api/docs/json is what `npm run lint:openapi` exports and lints, and every operation in
// it names itself, says how it is authenticated and documents its failures in the one error shape.

let server: TestServer
let doc: any

beforeAll(async () => {
  server = await startTestServer()
  doc = (await new Api(server.url).get('/api/docs/json')).body
})
afterAll(() => server.close())

const METHODS = ['get', 'post', 'put', 'patch', 'delete']
const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  )

describe('the served OpenAPI document', () => {
  it('is the exported one (the file the lint checks), apart from the server address', async () => {
    const exported: any = await openApiDocument({ PUBLIC_URL: server.ctx.config.publicUrl })
    expect(exported).toEqual(doc)
  })

  it('declares the bearer and cookie schemes and the one error shape', () => {
    expect(doc.components.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'bearer' },
      cookie: { type: 'apiKey', in: 'cookie', name: 'parti_session' },
    })
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['code', 'message'])
  })

  it('every operation has a unique camelCase operationId, a summary and its security', () => {
    const ops = operations()
    expect(ops.length).toBeGreaterThan(50)
    const ids = ops.map(({ op }) => op.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const { key, op } of ops) {
      expect(op.operationId, key).toMatch(/^[a-z][A-Za-z0-9]+$/)
      expect(op.summary?.trim(), key).toBeTruthy()
      expect(Array.isArray(op.security), `${key} says how it is authenticated`).toBe(true)
      for (const requirement of op.security) {
        for (const scheme of Object.keys(requirement))
          expect(doc.components.securitySchemes).toHaveProperty(scheme)
      }
    }
  })

  it('public calls are `security: []`, secured ones take the bearer token or the cookie, naming the role', () => {
    const byKey = Object.fromEntries(operations().map(({ key, op }) => [key, op]))
    expect(byKey['GET /api/health'].security).toEqual([])
    expect(byKey['POST /api/auth/sign-in'].security).toEqual([])
    expect(byKey['GET /api/user/generations/status'].security).toEqual([{ bearer: [] }, { cookie: [] }])
    // docs/product.md#access: a session, never a personal API key; admins only
    expect(byKey['POST /api/user/api-keys'].security).toEqual([
      { bearer: ['session'] },
      { cookie: ['session'] },
    ])
    expect(byKey['GET /api/admin/plans'].security).toEqual([{ bearer: ['admin'] }, { cookie: ['admin'] }])
    expect(byKey['GET /api/user/generations/status'].responses).toHaveProperty('401')
    expect(byKey['GET /api/user/generations/{id}'].responses).toHaveProperty('404')
    expect(byKey['POST /api/render/start'].responses).toHaveProperty('429')
  })

  it('every 4xx and 5xx answer is the shared Error schema, and every operation documents a 5xx', () => {
    for (const { key, op } of operations()) {
      const failures = Object.keys(op.responses).filter((s) => /^[45]/.test(s))
      expect(
        failures.some((s) => s.startsWith('5')),
        key,
      ).toBe(true)
      for (const status of failures) {
        // the health check answers its own `{ success: false }` when the database is down (docs/product.md#api-other)
        if (key === 'GET /api/health' && status === '503') continue
        expect(op.responses[status].content['application/json'].schema, `${key} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        })
        expect(op.responses[status].description, `${key} ${status}`).not.toBe('Default Response')
      }
    }
  })

  it('a failure really is answered in that shape', async () => {
    const r = await new Api(server.url).get('/api/user/generations/status?ids=x')
    expect(r.status).toBe(401)
    expect(Object.keys(r.body)).toEqual(['error'])
    expect(r.body.error).toEqual({ code: 'unauthorized', message: expect.any(String) })
  })
})
