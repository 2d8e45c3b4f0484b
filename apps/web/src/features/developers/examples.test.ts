import { describe, expect, it } from 'vitest'
import { buildExamples, EXAMPLE_OPERATIONS } from './examples'

const doc = (paths: Record<string, Record<string, unknown>>, server?: string) => ({
  openapi: '3.1.0',
  ...(server ? { servers: [{ url: server }] } : {}),
  paths,
})
const statusOp = {
  get: { operationId: EXAMPLE_OPERATIONS.status, parameters: [{ name: 'ids', in: 'query' }] },
}
const renderOp = {
  post: {
    operationId: EXAMPLE_OPERATIONS.render,
    requestBody: {
      content: {
        'multipart/form-data': { schema: { properties: { generationType: {}, userPrompt: {}, sketch: {} } } },
      },
    },
  },
}
const both = { '/api/user/generations/status': statusOp, '/api/render/start': renderOp }

describe('API page examples', () => {
  it('use the document’s server address and its paths, with the key', () => {
    const ex = buildExamples(doc(both, 'https://parti.example/'), 'http://ignored', 'pk_abc')!
    expect(ex.base).toBe('https://parti.example')
    expect(ex.curl.render).toContain('curl -X POST https://parti.example/api/render/start')
    expect(ex.curl.render).toContain('Authorization: Bearer pk_abc')
    expect(ex.curl.render).toContain('-F generationType=sketch-render')
    expect(ex.curl.status).toContain('https://parti.example/api/user/generations/status?ids=')
    expect(ex.javascript.render).toContain("fetch('https://parti.example/api/render/start'")
    expect(ex.javascript.status).toContain("Authorization: 'Bearer pk_abc'")
  })

  it('fall back to the page’s origin and a placeholder key', () => {
    const ex = buildExamples(doc(both), 'http://localhost:3000')!
    expect(ex.curl.status).toContain('http://localhost:3000/api/user/generations/status')
    expect(ex.curl.status).toContain('Bearer YOUR_API_KEY')
  })

  it('find the operations by operationId wherever the document puts them', () => {
    const moved = { '/api/v2/status': statusOp, '/api/v2/renders': renderOp }
    const ex = buildExamples(doc(moved, 'https://parti.example'), 'http://x')!
    expect(ex.curl.render).toContain('curl -X POST https://parti.example/api/v2/renders')
    expect(ex.javascript.status).toContain("fetch('https://parti.example/api/v2/status?ids='")
  })

  it('show nothing when the document does not serve an operation, with its method and names', () => {
    expect(buildExamples(doc({ '/api/user/generations/status': statusOp }), 'http://x')).toBeNull()
    expect(
      buildExamples(doc({ ...both, '/api/render/start': { get: renderOp.post } }), 'http://x'),
    ).toBeNull()
    const noSketch = {
      post: {
        ...renderOp.post,
        requestBody: { content: { 'multipart/form-data': { schema: { properties: {} } } } },
      },
    }
    expect(buildExamples(doc({ ...both, '/api/render/start': noSketch }), 'http://x')).toBeNull()
    expect(
      buildExamples(
        doc({ ...both, '/api/user/generations/status': { get: { operationId: 'getGenerationStatus' } } }),
        'http://x',
      ),
    ).toBeNull()
    expect(buildExamples(null, 'http://x')).toBeNull()
  })
})
