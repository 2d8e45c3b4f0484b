import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv, type ValidateFunction } from 'ajv'

/**
 * The published input schemas of the Replicate models Parti calls (test/fixtures/replicate-schemas, whose
 * README says how they were read), and a check of a prediction input against them. Unknown fields are refused
 * although Replicate drops them silently: a misspelt field fails a test instead of quietly doing nothing.
 */
export interface ReplicateSchemaFixture {
  model: string
  version: string
  read: string
  schema: { properties: Record<string, unknown>; required?: string[] }
}

const dir = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/replicate-schemas')

export const REPLICATE_SCHEMAS: ReadonlyMap<string, ReplicateSchemaFixture> = new Map(
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const fixture = JSON.parse(readFileSync(join(dir, f), 'utf8')) as ReplicateSchemaFixture
      return [fixture.model, fixture] as const
    }),
)

// Replicate's `uri` for a file input: an http(s) URL, or a data URI
const ajv = new Ajv({ allErrors: true, strict: false })
ajv.addFormat('uri', /^(https?:\/\/[^\s]+|data:[\w/+.-]+;base64,[A-Za-z0-9+/=]+)$/)
const validators = new Map<string, ValidateFunction>()

/** `owner/name` or `owner/name:version` → the schema's errors for this input ([] when it is valid); null when no schema is kept. */
export function replicateSchemaErrors(model: string, input: Record<string, unknown>): string[] | null {
  const name = model.split(':')[0]!
  const fixture = REPLICATE_SCHEMAS.get(name)
  if (!fixture) return null
  let validate = validators.get(name)
  if (!validate) {
    validate = ajv.compile({ ...fixture.schema, additionalProperties: false })
    validators.set(name, validate)
  }
  return validate(input) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`)
}
