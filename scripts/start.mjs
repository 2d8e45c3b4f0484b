// npm start | start:api | start:worker. Builds the web app first when it is missing or stale (roles that serve
// it), then runs the server's TypeScript directly through tsx in this same process (signals reach it).
import { readFileSync } from 'node:fs'
import { buildWeb } from './build-web.mjs'

const role = process.argv[2] ?? 'all'
if (role !== 'worker') {
  buildWeb({ ifStale: true })
  // docs/product.md#landing: sample testimonials are never shown as customers' words; say so until replaced
  const landing = JSON.parse(
    readFileSync(new URL('../apps/web/src/features/landing/content.json', import.meta.url), 'utf8'),
  )
  if (landing.samples)
    console.warn(
      '[parti] the landing page shows no testimonials: apps/web/src/features/landing/content.json holds samples; put real customers\' words there (with their permission) and set "samples" to false',
    )
}
const { register } = await import('tsx/esm/api')
register()
await import('../apps/server/src/main.ts')
