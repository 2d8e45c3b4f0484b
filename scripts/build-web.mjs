// Build the web app (Vite) into apps/web/dist. With --if-stale, only when the build is missing or older than
// its sources (npm start and npm install call it that way, so a fresh clone starts without a manual build).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

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
  precompress(join(web, 'dist'))
  writeFileSync(stamp, new Date().toISOString())
  console.log(`[parti] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return true
}

/**
 * Brotli and gzip copies of every text asset, made once at build time; the server sends the one the browser
 * accepts (@fastify/static preCompressed), so a first visit on a slow phone downloads a quarter of the bytes.
 */
function precompress(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) {
      precompress(path)
      continue
    }
    if (!/\.(js|css|svg|json|html|txt|webmanifest)$/.test(entry)) continue
    const data = readFileSync(path)
    if (data.length < 1024) continue
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    )
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }))
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // during npm install a failed build must not fail the install: npm start tries again and shows the error
  buildWeb({ ifStale: args.has('--if-stale'), tolerant: args.has('--quiet') })
}
