// npm start | start:api | start:worker. Builds the web app first when it is missing or stale (roles that serve
// it), then runs the server's TypeScript directly through tsx in this same process (signals reach it).
import { buildWeb } from './build-web.mjs'

const role = process.argv[2] ?? 'all'
if (role !== 'worker') buildWeb({ ifStale: true })
const { register } = await import('tsx/esm/api')
register()
await import('../apps/server/src/main.ts')
