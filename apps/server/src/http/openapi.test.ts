import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { derivedErrorStatuses, requireOperationDocs } from './openapi.ts'

// docs/decisions/0076-openapi-complete-by-construction.md

async function register(schema: Record<string, unknown>, url = '/thing') {
  const app = Fastify()
  requireOperationDocs(app)
  app.get(url, { schema }, async () => ({}))
  try {
    await app.ready()
  } finally {
    await app.close()
  }
}

describe('a documented route must name itself', () => {
  it('refuses a route without an operationId or a summary, or with a name that is not camelCase', async () => {
    await expect(register({ summary: 'A thing' })).rejects.toThrow(/operationId/)
    await expect(register({ operationId: 'getThing' })).rejects.toThrow(/summary/)
    await expect(register({ operationId: 'get_thing', summary: 'A thing' })).rejects.toThrow(/camelCase/)
    await expect(register({ operationId: 'getThing', summary: 'A thing' })).resolves.toBeUndefined()
  })

  it('refuses the same operationId twice, and lets hidden routes be', async () => {
    const app = Fastify()
    requireOperationDocs(app)
    app.get('/a', { schema: { operationId: 'getThing', summary: 'A' } }, async () => ({}))
    expect(() =>
      app.get('/b', { schema: { operationId: 'getThing', summary: 'B' } }, async () => ({})),
    ).toThrow(/already/)
    await app.close()
    await expect(register({ hide: true })).resolves.toBeUndefined()
  })
})

describe('the failures derived from what a route is', () => {
  it('500 always; 400 with input; 404 with a path parameter; 401/403 when secured; 429 when limited', () => {
    expect(derivedErrorStatuses({}, '/health', false)).toEqual([500])
    expect(derivedErrorStatuses({ body: {} }, '/contact', true)).toEqual([400, 429, 500])
    expect(derivedErrorStatuses({ security: [{ bearer: [] }] }, '/things/:id', true)).toEqual([
      400, 401, 403, 404, 429, 500,
    ])
    expect(derivedErrorStatuses({ security: [] }, '/x', false)).toEqual([500])
  })
})
