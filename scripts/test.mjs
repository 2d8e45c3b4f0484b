// npm test: typecheck, lint, unit tests, API tests on a fresh PGlite folder (and on PostgreSQL when
// DATABASE_URL or TEST_DATABASE_URL is set), then the browser specs in Chromium when one is found.
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildWeb } from './build-web.mjs'

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

step('typecheck', 'npm', ['run', 'typecheck', '--silent'])
step('lint', 'npm', ['run', 'lint', '--silent'])

/**
 * Runs suites side by side, each into a log of its own that is printed whole when it ends, so two suites'
 * lines never interleave. The API suites spend much of their time waiting (for workers, timers, child
 * processes) and each runs its files one at a time: two of them together use the machine's second core.
 */
/** The failed tests' lines of a vitest log, repeated under the summary so the end of a long run names them. */
function failedTests(log) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes vitest writes
  const plain = log.replace(/\x1b\[[0-9;]*m/g, '')
  const lines = plain.split('\n').filter((l) => /^\s*FAIL\s/.test(l))
  return [...new Set(lines.map((l) => l.trim()))].slice(0, 30)
}

async function together(suites) {
  const dir = mkdtempSync(join(tmpdir(), 'parti-test-'))
  await Promise.all(
    suites.map(
      ([name, project, env], i) =>
        new Promise((done) => {
          const started = Date.now()
          const log = join(dir, `${i}.log`)
          const out = openSync(log, 'w')
          console.log(`\x1b[1m▶ ${name}\x1b[0m (started; its output follows when it ends)`)
          const child = spawn(bin('vitest'), ['run', '--project', project], {
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

await together([
  ['unit tests', 'unit', {}],
  ['web unit tests', 'web', {}],
])
// Some API tests start the product as `npm start` does, which builds the web app when it is stale: build it once
// here, so the two suites side by side never build it at the same moment.
buildWeb({ ifStale: true })
await together([
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
])
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
for (const r of results) {
  console.log(`  ${r.ok ? '✓' : '✗'} ${r.name} (${r.seconds.toFixed(1)} s)`)
  for (const line of r.failed ?? []) console.log(`      ${line}`)
}
process.exit(results.every((r) => r.ok) ? 0 : 1)
