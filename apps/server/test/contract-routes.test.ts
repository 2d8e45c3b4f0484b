import { ROUTES, type RouteKey, type RouteSchemas } from '@parti/contract'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Api } from './helpers/client.ts'
import { startTestServer, type TestServer } from './helpers/server.ts'

// The web types every call from the contract's route table; this checks the table against what the server
// serves, so a route renamed or answered differently on one side fails here rather than in a browser.

let server: TestServer
let doc: any

beforeAll(async () => {
  server = await startTestServer()
  doc = (await new Api(server.url).get('/api/docs/json')).body
})
afterAll(() => server.close())

/** The OpenAPI document writes a constant as a one-value enum. */
const constAsEnum = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(constAsEnum)
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    if (k === 'const') out.enum = [v]
    else out[k] = constAsEnum(v)
  }
  return out
}

/**
 * A route's schemas as the OpenAPI document writes them (the same transform the server's docs use). A body
 * that takes FormData is read part by part by its route, so the document has no schema of it to compare.
 */
function asOpenApi(schemas: RouteSchemas): any {
  const { body, query, response } = schemas
  const json = body && !body.safeParse(new FormData()).success
  return constAsEnum(
    jsonSchemaTransform({
      schema: {
        response: { 200: response },
        ...(json ? { body } : {}),
        ...(query ? { querystring: query } : {}),
      },
      url: '/',
      openapiObject: { openapi: doc.openapi },
    } as never).schema,
  )
}

const routes = Object.entries(ROUTES) as [RouteKey, RouteSchemas][]

describe('the contract route table', () => {
  it.each(routes)('%s is served with the same method, path, request and answer', (key, schemas) => {
    const [method, path] = key.split(' ') as [string, string]
    const operation = doc.paths[`/api${path}`]?.[method.toLowerCase()]
    expect(operation, `${key} is not in the OpenAPI document`).toBeDefined()

    const expected = asOpenApi(schemas)
    const success = Object.keys(operation.responses).find((status) => /^2\d\d$/.test(status))
    expect(operation.responses[success!].content['application/json'].schema).toEqual(expected.response[200])

    if (expected.body) {
      expect(operation.requestBody.content['application/json'].schema).toEqual(expected.body)
    }
    const queryNames = (operation.parameters ?? [])
      .filter((p: { in: string }) => p.in === 'query')
      .map((p: { name: string }) => p.name)
    expect(queryNames.sort()).toEqual(Object.keys(expected.querystring?.properties ?? {}).sort())
  })
})
