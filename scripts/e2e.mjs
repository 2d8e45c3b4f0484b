// Browser specs: build the web app if stale, then run Playwright with Debian's Chromium (never a download).
import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildWeb } from './build-web.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
buildWeb({ ifStale: true })
const { DATABASE_URL, ...env } = process.env
// the specs that need a hosted engine (a fake of fal) beside the local one run on a server of their own
const runs = ['apps/web/playwright.config.ts', 'apps/web/playwright.hosted.config.ts'].map((config) =>
  spawnSync(
    join(root, 'node_modules/.bin/playwright'),
    ['test', '-c', config, '--pass-with-no-tests', ...process.argv.slice(2)],
    { cwd: root, stdio: 'inherit', env: { ...env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } },
  ),
)
process.exit(runs.find((r) => r.status !== 0)?.status ?? 0)
