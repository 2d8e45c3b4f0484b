import { describe, expect, it } from 'vitest'
import { buildExamples, EXAMPLE_OPERATIONS } from './examples'

const doc = (paths: Record<string, Record<string, unknown>>, server?: string) => ({
  openapi: '3.1.0',
  ...(server ? { servers: [{ url: server }] } : {}),
  paths,
})
const both = {
  [EXAMPLE_OPERATIONS.status.path]: { get: {} },
  [EXAMPLE_OPERATIONS.render.path]: { post: {} },
}

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

  it('show nothing when the document does not serve an operation (or with the wrong method)', () => {
    expect(buildExamples(doc({ [EXAMPLE_OPERATIONS.status.path]: { get: {} } }), 'http://x')).toBeNull()
    expect(
      buildExamples(doc({ ...both, [EXAMPLE_OPERATIONS.render.path]: { get: {} } }), 'http://x'),
    ).toBeNull()
    expect(buildExamples(null, 'http://x')).toBeNull()
  })
})
