// Browser specs: build the web app if stale, then run Playwright with Debian's Chromium (never a download).
import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildWeb } from './build-web.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
buildWeb({ ifStale: true })
const { DATABASE_URL, ...env } = process.env
const r = spawnSync(
  join(root, 'node_modules/.bin/playwright'),
  ['test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } },
)
process.exit(r.status ?? 1)
