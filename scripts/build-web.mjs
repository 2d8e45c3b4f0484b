// Build the web app (Vite) into apps/web/dist. With --if-stale, only when the build is missing or older than
// its sources (npm start and npm install call it that way, so a fresh clone starts without a manual build).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const web = join(root, 'apps/web')
const stamp = join(web, 'dist/.build-stamp')
const args = new Set(process.argv.slice(2))
const quiet = args.has('--quiet')

function newest(path) {
  if (!existsSync(path)) return 0
  const s = statSync(path)
  if (!s.isDirectory()) return s.mtimeMs
  let max = s.mtimeMs
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e') continue
    max = Math.max(max, newest(join(path, entry)))
  }
  return max
}

export function webBuildIsStale() {
  if (!existsSync(stamp)) return true
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
    newest(join(web, p)),
  )
  sources.push(newest(join(root, 'packages/contract/src')))
  return Math.max(...sources) > statSync(stamp).mtimeMs
}

export function buildWeb({ ifStale = false, tolerant = false } = {}) {
  if (!existsSync(join(web, 'index.html'))) {
    if (!quiet) console.log('[parti] no web app sources; skipping the web build')
    return true
  }
  if (ifStale && !webBuildIsStale()) return true
  console.log('[parti] building the web app (vite build)…')
  const started = Date.now()
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' })
  if (r.status !== 0) {
    console.error('[parti] the web build failed')
    if (!tolerant) process.exit(r.status ?? 1)
    return false
  }
  writeFileSync(stamp, new Date().toISOString())
  console.log(`[parti] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return true
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // during npm install a failed build must not fail the install: npm start tries again and shows the error
  buildWeb({ ifStale: args.has('--if-stale'), tolerant: args.has('--quiet') })
}
