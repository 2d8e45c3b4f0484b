import type { RenderStartFields } from '@parti/contract'

// The API page's copy-paste examples (docs/product.md#api-page), built from the served OpenAPI document: the
// operations are found by their operationId, and the examples take the document's server address, their paths
// and methods, and check the field and parameter names against what the operations declare, so an example
// never names a call or a field the server does not serve. Something missing, no example.

type Fields = keyof RenderStartFields

interface Operation {
  operationId?: string
  parameters?: Array<{ name?: string; in?: string }>
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
}

interface OpenApiDoc {
  servers?: Array<{ url?: string }>
  paths?: Record<string, Record<string, Operation>>
}

/** The operations the page shows, by operationId: read a generation's status, start a sketch render. */
export const EXAMPLE_OPERATIONS = { status: 'getGenerationStatus', render: 'startRender' } as const

export interface Examples {
  base: string
  curl: { render: string; status: string }
  javascript: { render: string; status: string }
}

const KEY_PLACEHOLDER = 'YOUR_API_KEY'
const field = (name: Fields) => name
const METHODS = ['get', 'post', 'put', 'patch', 'delete']

function find(doc: OpenApiDoc, operationId: string): { method: string; path: string; op: Operation } | null {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (METHODS.includes(method) && op?.operationId === operationId) return { method, path, op }
    }
  }
  return null
}

/**
 * The examples for a document; `origin` is used when the document names no server. Null when the document
 * does not hold both operations as the examples use them.
 */
export function buildExamples(document: unknown, origin: string, key = KEY_PLACEHOLDER): Examples | null {
  const doc = (document ?? {}) as OpenApiDoc
  const statusOp = find(doc, EXAMPLE_OPERATIONS.status)
  const renderOp = find(doc, EXAMPLE_OPERATIONS.render)
  if (statusOp?.method !== 'get' || renderOp?.method !== 'post') return null
  const form = renderOp.op.requestBody?.content?.['multipart/form-data']?.schema?.properties ?? {}
  if (!['generationType', 'userPrompt', 'sketch'].every((name) => name in form)) return null
  if (!statusOp.op.parameters?.some((p) => p.in === 'query' && p.name === 'ids')) return null
  const base = (doc.servers?.[0]?.url || origin).replace(/\/+$/, '')
  const render = `${base}${renderOp.path}`
  const status = `${base}${statusOp.path}`
  const kind = field('generationType')
  const prompt = field('userPrompt')
  return {
    base,
    curl: {
      render: [
        `curl -X POST ${render} \\`,
        `  -H "Authorization: Bearer ${key}" \\`,
        `  -F ${kind}=sketch-render \\`,
        `  -F "${prompt}=a timber house by a lake at dusk" \\`,
        '  -F sketch=@sketch.png',
      ].join('\n'),
      status: [`curl "${status}?ids=GENERATION_ID" \\`, `  -H "Authorization: Bearer ${key}"`].join('\n'),
    },
    javascript: {
      render: [
        'const form = new FormData()',
        `form.append('${kind}', 'sketch-render')`,
        `form.append('${prompt}', 'a timber house by a lake at dusk')`,
        "form.append('sketch', new Blob([await readFile('sketch.png')], { type: 'image/png' }), 'sketch.png')",
        `const res = await fetch('${render}', {`,
        "  method: 'POST',",
        `  headers: { Authorization: 'Bearer ${key}' },`,
        '  body: form,',
        '})',
        'const { generation } = await res.json() // 202: { generation: { id, status } }',
      ].join('\n'),
      status: [
        `const res = await fetch('${status}?ids=' + generation.id, {`,
        `  headers: { Authorization: 'Bearer ${key}' },`,
        '})',
        'const { generations } = await res.json() // [{ id, status, outputImageUrl, … }]',
      ].join('\n'),
    },
  }
}
