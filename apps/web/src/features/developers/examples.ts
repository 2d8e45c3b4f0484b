import type { RenderStartFields } from '@parti/contract'

// The API page's copy-paste examples (docs/product.md#api-page), built from the served OpenAPI document: its
// server address and the paths of the two operations shown, so an example never names a call the server does
// not serve. No operation found, no example.

type Fields = keyof RenderStartFields

interface OpenApiDoc {
  servers?: Array<{ url?: string }>
  paths?: Record<string, Record<string, unknown>>
}

/** The operations the page shows: read a generation's status, start a sketch render. */
export const EXAMPLE_OPERATIONS = {
  status: { method: 'get', path: '/api/user/generations/status' },
  render: { method: 'post', path: '/api/render/start' },
} as const

export interface Examples {
  base: string
  curl: { render: string; status: string }
  javascript: { render: string; status: string }
}

const KEY_PLACEHOLDER = 'YOUR_API_KEY'
const field = (name: Fields) => name

function served(doc: OpenApiDoc, op: { method: string; path: string }): boolean {
  return Boolean(doc.paths?.[op.path]?.[op.method])
}

/**
 * The examples for a document; `origin` is used when the document names no server. Null when the document
 * does not hold both operations.
 */
export function buildExamples(document: unknown, origin: string, key = KEY_PLACEHOLDER): Examples | null {
  const doc = (document ?? {}) as OpenApiDoc
  if (!served(doc, EXAMPLE_OPERATIONS.status) || !served(doc, EXAMPLE_OPERATIONS.render)) return null
  const base = (doc.servers?.[0]?.url || origin).replace(/\/+$/, '')
  const render = `${base}${EXAMPLE_OPERATIONS.render.path}`
  const status = `${base}${EXAMPLE_OPERATIONS.status.path}`
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
