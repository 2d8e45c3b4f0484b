import { randomUUID } from 'node:crypto'

// The operations of the served OpenAPI document (/api/docs/json), for the tests that walk every route: the fuzz
// pass (test/fuzz.test.ts) and the access matrix (test/access-matrix.test.ts). Who may call an operation is
// read from its declared security (http/auth-scope.ts, docs/product.md#access).

export interface JsonSchema {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  default?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  additionalProperties?: boolean | JsonSchema
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  minItems?: number
  maxItems?: number
  pattern?: string
  format?: string
}

/** Who an operation is for, from its `security`: none, any signed-in caller, a session (no API key), admins. */
export type Access = 'public' | 'user' | 'session' | 'admin'

export interface Parameter {
  name: string
  in: 'path' | 'query'
  required: boolean
  schema: JsonSchema
}

export interface Operation {
  /** `METHOD /path/{param}` */
  key: string
  method: string
  path: string
  operationId: string
  access: Access
  params: Parameter[]
  /** the request body's schemas by content type (JSON, multipart), resolved */
  body: { required: boolean; json?: JsonSchema; multipart?: JsonSchema } | null
  /** the statuses it documents (a redirect, an event stream…) */
  statuses: number[]
}

interface Document {
  paths: Record<string, Record<string, RawOperation>>
  components: { schemas: Record<string, JsonSchema> }
}
interface RawOperation {
  operationId: string
  security?: Array<Record<string, string[]>>
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> }
  responses?: Record<string, unknown>
}

/** Every operation of the document the server at `base` serves. */
export async function servedOperations(base: string): Promise<Operation[]> {
  const res = await fetch(`${base}/api/docs/json`)
  if (res.status !== 200) throw new Error(`/api/docs/json: ${res.status}`)
  const doc = (await res.json()) as Document
  const resolve = (s: JsonSchema): JsonSchema => resolveRefs(s, doc.components.schemas)
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const content = op.requestBody?.content ?? {}
      const json = content['application/json']?.schema
      const multipart = content['multipart/form-data']?.schema
      return {
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        access: accessOf(op.security),
        params: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) })),
        body: op.requestBody
          ? {
              required: Boolean(op.requestBody.required),
              ...(json ? { json: resolve(json) } : {}),
              ...(multipart ? { multipart: resolve(multipart) } : {}),
            }
          : null,
        statuses: Object.keys(op.responses ?? {}).map(Number),
      }
    }),
  )
}

function accessOf(security: RawOperation['security']): Access {
  if (!security || security.length === 0) return 'public'
  const roles = new Set(security.flatMap((requirement) => Object.values(requirement).flat()))
  if (roles.has('admin')) return 'admin'
  if (roles.has('session')) return 'session'
  return 'user'
}

function resolveRefs(schema: JsonSchema, defs: Record<string, JsonSchema>, depth = 0): JsonSchema {
  if (depth > 20 || !schema || typeof schema !== 'object') return schema
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1)!
    return resolveRefs(defs[name] ?? {}, defs, depth + 1)
  }
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'properties' && v && typeof v === 'object')
      out[k] = Object.fromEntries(
        Object.entries(v as Record<string, JsonSchema>).map(([p, s]) => [p, resolveRefs(s, defs, depth + 1)]),
      )
    else if (Array.isArray(v) && (k === 'anyOf' || k === 'oneOf' || k === 'allOf'))
      out[k] = v.map((s) => resolveRefs(s, defs, depth + 1))
    else if ((k === 'items' || k === 'additionalProperties') && v && typeof v === 'object')
      out[k] = resolveRefs(v as JsonSchema, defs, depth + 1)
    else out[k] = v
  }
  return out as JsonSchema
}

/** The types a schema allows, from `type` or its branches. */
export function typesOf(schema: JsonSchema): string[] {
  if (schema.enum) return [...new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)))]
  if (schema.const !== undefined) return [typeof schema.const]
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return [...new Set(branches.flatMap(typesOf))]
  if (Array.isArray(schema.type)) return schema.type
  return schema.type ? [schema.type === 'integer' ? 'number' : schema.type] : []
}

/**
 * A value the schema accepts, as plain as can be: an enum's first value, the default, the shortest string, the
 * smallest number; for an object its required properties only. Semantics a schema cannot say (a real id, the
 * right password) are for the caller to fill in.
 */
export function exampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  if (schema.default !== undefined) return schema.default
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return exampleOf(branches.find((b) => !typesOf(b).includes('null')) ?? branches[0]!)
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s)))
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'someone@studio.test'
      if (schema.format === 'date-time') return new Date().toISOString()
      if (schema.format === 'uuid') return randomUUID()
      if (schema.format === 'uri') return 'https://example.com/'
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1))
    case 'number':
    case 'integer':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1)
    case 'boolean':
      return true
    case 'null':
      return null
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items ?? {}))
    default: {
      const out: Record<string, unknown> = {}
      for (const name of schema.required ?? []) out[name] = exampleOf(schema.properties?.[name] ?? {})
      return out
    }
  }
}

/** The path with each `{param}` filled by `fill(name)`. */
export function fillPath(path: string, fill: (name: string) => string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => fill(name))
}
