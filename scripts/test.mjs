// npm test: typecheck, lint, unit tests, the API suite on a fresh PGlite folder (with DATABASE_URL or
// TEST_DATABASE_URL set: on PostgreSQL with the S3 blob store, and its database-sensitive files on PGlite too),
// then the browser specs in Chromium when one is found. How the time is spent: docs/decisions/0123-test-run-layout.md
import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildWeb } from './build-web.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules/.bin', name)
const results = []

// The API suite decides its database itself: keep the developer's DATABASE_URL from leaking into servers.
const { DATABASE_URL, TEST_DATABASE_URL, ...cleanEnv } = process.env
const pgUrl = TEST_DATABASE_URL || DATABASE_URL

/**
 * The API test files whose subject is the database itself or what leans on its transactions and locks: the
 * ledger and holds, the job queue and its leases, start-up and migrations, backups, outages and crashes. With
 * PostgreSQL at hand the whole suite runs there (the scale-out path, the stricter of the two: real concurrent
 * connections) and these run on PGlite as well, the embedded default every fresh machine starts on; the browser
 * specs run on PGlite too. Without PostgreSQL the whole suite runs on PGlite.
 */
const PGLITE_FILES = [
  'account',
  'api-keys',
  'backup',
  'blob-store-faults',
  'compare-engines',
  'credit-holds.property',
  'database-outage',
  'events',
  'foundation',
  'jobs',
  'ledger-order',
  'listing-batch',
  'money.property',
  'payment-crash',
  'processes',
  'queue',
  'queue-transitions',
  'rate-limits',
  'restart',
  'startup',
  'variations',
].map((name) => `apps/server/test/${name}.test.ts`)
for (const file of PGLITE_FILES)
  if (!existsSync(join(root, file))) throw new Error(`${file} is gone: update PGLITE_FILES`)

/** The failed tests' lines of a vitest log, repeated under the summary so the end of a long run names them. */
function failedTests(log) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes vitest writes
  const plain = log.replace(/\x1b\[[0-9;]*m/g, '')
  // vitest's `FAIL file > test` lines, and Playwright's numbered list of failed and flaky specs
  const lines = plain.split('\n').filter((l) => /^\s*FAIL\s/.test(l) || /^\s+\d+\) \S+\.spec\.ts:\d+/.test(l))
  return [...new Set(lines.map((l) => l.trim()))].slice(0, 30)
}

/**
 * Runs commands side by side, each into a log of its own that is printed whole when it ends, so their lines
 * never interleave. A command is [name, executable, args, env].
 */
async function together(commands) {
  const dir = mkdtempSync(join(tmpdir(), 'parti-test-'))
  await Promise.all(
    commands.map(
      ([name, cmd, args, env = {}], i) =>
        new Promise((done) => {
          const started = Date.now()
          const log = join(dir, `${i}.log`)
          const out = openSync(log, 'w')
          console.log(`\x1b[1m▶ ${name}\x1b[0m (started; its output follows when it ends)`)
          const child = spawn(cmd, args, {
            cwd: root,
            stdio: ['ignore', out, out],
            env: { ...cleanEnv, FORCE_COLOR: '1', ...env },
          })
          child.on('close', (code) => {
            closeSync(out)
            const seconds = (Date.now() - started) / 1000
            console.log(`\n\x1b[1m▶ ${name}\x1b[0m (${seconds.toFixed(1)} s)`)
            const text = readFileSync(log)
            process.stdout.write(text)
            results.push({ name, ok: code === 0, seconds, failed: failedTests(text.toString()) })
            done()
          })
        }),
    ),
  )
  rmSync(dir, { recursive: true, force: true })
}

const vitest = (project, ...args) => [bin('vitest'), ['run', '--project', project, ...args]]

// the checks and the unit tests are mostly one core's work each: side by side they use both
await together([
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  ['lint', 'npm', ['run', 'lint', '--silent']],
  ['unit tests', ...vitest('unit')],
  ['web unit tests', ...vitest('web')],
])

// Some API tests start the product as `npm start` does, which builds the web app when it is stale: build it once
// here, so two test files never build it at the same moment.
buildWeb({ ifStale: true })

// The API files spend much of their time waiting (for workers, timers, child processes): with PostgreSQL at hand
// its run takes two files at a time and the PGlite files a third beside it, each worker process importing the
// server once (vitest.config.ts); alone on PGlite, two at a time.
const api = (workers, ...files) => vitest('api', '--fileParallelism', `--maxWorkers=${workers}`, ...files)
if (pgUrl) {
  await together([
    // the scale-out path in one run: PostgreSQL and the S3 blob store (s3rver on loopback) together
    [
      'API tests on PostgreSQL with the S3 blob store',
      ...api(2),
      { PARTI_TEST_PG_URL: pgUrl, TEST_BLOB_STORE: 's3' },
    ],
    ['API tests on PGlite (the database-sensitive files)', ...api(1, ...PGLITE_FILES)],
  ])
} else {
  await together([['API tests on PGlite', ...api(2)]])
  console.log('\n(no DATABASE_URL or TEST_DATABASE_URL: the API suite ran on PGlite only)')
}

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium'
if (existsSync(chrome)) {
  await together([
    [
      'browser specs (Playwright, Chromium)',
      process.execPath,
      [join(root, 'scripts/e2e.mjs')],
      { CHROME_PATH: chrome },
    ],
  ])
} else {
  console.log(`\n\x1b[33mSkipping the browser specs: no Chromium at ${chrome} (set CHROME_PATH).\x1b[0m`)
  results.push({ name: 'browser specs: SKIPPED (no Chromium)', ok: true, seconds: 0 })
}

console.log('\n\x1b[1mSummary\x1b[0m')
for (const r of results) {
  console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds.toFixed(1)} s)`)
  for (const line of r.failed ?? []) console.log(`      ${line}`)
}
process.exit(results.every((r) => r.ok) ? 0 : 1)
