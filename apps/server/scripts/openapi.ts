// Writes the OpenAPI document the server serves (src/openapi-document.ts) to a file, and with --types the
// TypeScript types of it (openapi-typescript) that the typed client test compiles against.
//   tsx apps/server/scripts/openapi.ts --out .tmp/openapi.json [--types apps/server/test/generated/openapi.ts]
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { parseArgs } from 'node:util'
import { openApiDocument } from '../src/openapi-document.ts'
import { typesOf } from '../test/helpers/openapi-types.ts'

const { values } = parseArgs({ options: { out: { type: 'string' }, types: { type: 'string' } } })
// a fixed server address: the document must not depend on the machine it is exported on
const doc = await openApiDocument({ PUBLIC_URL: 'http://localhost:3000', PORT: '3000' })
const write = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
  console.log(`wrote ${path}`)
}
if (values.out) write(values.out, `${JSON.stringify(doc, null, 2)}\n`)
if (values.types) write(values.types, await typesOf(doc))
