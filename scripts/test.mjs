// npm test: typecheck, lint, unit tests, API tests on a fresh PGlite folder (and on PostgreSQL when
// DATABASE_URL or TEST_DATABASE_URL is set), then the browser specs in Chromium when one is found.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules/.bin', name)
const results = []

function step(name, cmd, args, env = {}) {
  const started = Date.now()
  console.log(`\n\x1b[1m▶ ${name}\x1b[0m`)
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = r.status === 0
  results.push({ name, ok, seconds: (Date.now() - started) / 1000 })
  return ok
}

// The API suite decides its database itself: keep the developer's DATABASE_URL from leaking into servers.
const { DATABASE_URL, TEST_DATABASE_URL, ...cleanEnv } = process.env
const pgUrl = TEST_DATABASE_URL || DATABASE_URL
const vitest = (project, env = {}) =>
  spawnSync(bin('vitest'), ['run', '--project', project], {
    cwd: root,
    stdio: 'inherit',
    env: { ...cleanEnv, ...env },
  })

step('typecheck', 'npm', ['run', 'typecheck', '--silent'])
step('lint', 'npm', ['run', 'lint', '--silent'])
for (const [name, project, env] of [
  ['unit tests', 'unit', {}],
  ['web unit tests', 'web', {}],
  ['API tests on PGlite', 'api', {}],
  // the scale-out path in one run: PostgreSQL and the S3 blob store (s3rver on loopback) together
  ...(pgUrl
    ? [
        [
          'API tests on PostgreSQL with the S3 blob store',
          'api',
          { PARTI_TEST_PG_URL: pgUrl, TEST_BLOB_STORE: 's3' },
        ],
      ]
    : []),
]) {
  const started = Date.now()
  console.log(`\n\x1b[1m▶ ${name}\x1b[0m`)
  const r = vitest(project, env)
  results.push({ name, ok: r.status === 0, seconds: (Date.now() - started) / 1000 })
}
if (!pgUrl) console.log('\n(no DATABASE_URL or TEST_DATABASE_URL: the API suite ran on PGlite only)')

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium'
if (existsSync(chrome)) {
  step('browser specs (Playwright, Chromium)', process.execPath, [join(root, 'scripts/e2e.mjs')], {
    CHROME_PATH: chrome,
  })
} else {
  console.log(`\n\x1b[33mSkipping the browser specs: no Chromium at ${chrome} (set CHROME_PATH).\x1b[0m`)
  results.push({ name: 'browser specs: SKIPPED (no Chromium)', ok: true, seconds: 0 })
}

console.log('\n\x1b[1mSummary\x1b[0m')
for (const r of results) console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds.toFixed(1)} s)`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
