/**
 * The operators' live check of the hosted engines (docs/hosted-engines.md#live-check): one tiny real job per
 * step that the ENGINE_* settings send to a provider, with the time it took and the step's price in credits.
 * It reads the same settings as the server and touches no database: no user, job or ledger row.
 *
 *   npm run engines:check            # exit 0 when every hosted step answered, 1 otherwise
 */

import { createLogger } from '../src/bootstrap.ts'
import { ConfigError, loadConfig } from '../src/config.ts'
import { createEngines } from '../src/engines/index.ts'
import { liveCheck } from '../src/engines/live-check.ts'
import { noWebhooks } from '../src/engines/shared/webhooks.ts'

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (err) {
  if (!(err instanceof ConfigError)) throw err
  process.stderr.write(`${err.message}\n`)
  process.exit(78)
}
const log = createLogger({ ...config, LOG_LEVEL: process.env.LOG_LEVEL ? config.LOG_LEVEL : 'warn' })
// polling only: a webhook needs the API process to receive it
const engines = await createEngines(config, log, { webhooks: noWebhooks })
const rows = await liveCheck(engines, log)
await engines.stop?.()
if (!rows.length) {
  process.stdout.write('No step is served by a hosted engine (every ENGINE_* is local): nothing to check.\n')
  process.exit(0)
}
const table = [
  ['step', 'engine', 'model', 'result', 'seconds', 'credits'],
  ...rows.map((r) => [
    r.step,
    r.engine,
    r.model,
    r.ok ? 'ok' : `failed: ${r.error}`,
    r.seconds.toFixed(1),
    String(r.credits),
  ]),
]
const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)))
for (const row of table) process.stdout.write(`${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}\n`)
process.exit(rows.every((r) => r.ok) ? 0 : 1)
