// Build the web app (Vite) into apps/web/dist. With --if-stale, only when the build is missing or older than
// its sources (npm start and npm install call it that way, so a fresh clone starts without a manual build).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
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
  if (!prerenderLanding(vite) && !tolerant) process.exit(1)
  precompress(join(web, 'dist'))
  writeFileSync(stamp, new Date().toISOString())
  console.log(`[parti] web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return true
}

// Runs in the visitor's browser before the app (its hash goes into the page's Content-Security-Policy). The copy
// is English; a visitor whose language is another (stored choice, then the browser's, as src/lib/i18n.ts
// detects it) waits for the app instead of seeing English first.
const KEEP_IF_ENGLISH = `<script>
(function () {
  var supported = ['en', 'es', 'fr', 'pt', 'de', 'nl', 'ar'], stored = null, list, i, base
  try { stored = JSON.parse(localStorage.getItem('parti.language') || 'null') } catch (e) {}
  list = [stored && stored.v === 1 ? stored.value : null].concat(navigator.languages || [navigator.language])
  for (i = 0; i < list.length; i++) {
    base = typeof list[i] === 'string' ? list[i].toLowerCase().split(/[-_]/)[0] : ''
    if (supported.indexOf(base) >= 0) break
  }
  var copy = document.getElementById('prerendered')
  if (i < list.length && base !== 'en') return copy.remove()
  // a button pressed before the app runs is pressed again on the app's own copy of it (app/prerendered.ts)
  copy.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('[data-replay]')
    if (button) copy.setAttribute('data-pending', button.getAttribute('data-replay'))
  })
})()
</script>`

/**
 * dist/landing.html: index.html with the landing page rendered at build time (src/prerender.tsx), which the
 * server sends at / to visitors without a session. Its test ids are renamed so that no test can find two of one.
 */
function prerenderLanding(vite) {
  const out = join(web, 'node_modules/.prerender')
  const r = spawnSync(
    process.execPath,
    [vite, 'build', '--ssr', 'src/prerender.tsx', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'],
    { cwd: web, stdio: 'inherit' },
  )
  if (r.status !== 0) {
    console.error('[parti] rendering the landing page at build time failed')
    return false
  }
  const script = `
    import { renderLanding } from ${JSON.stringify(pathToFileURL(join(out, 'prerender.js')).href)}
    process.stdout.write(await renderLanding())`
  const rendered = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: web,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  if (rendered.status !== 0 || !rendered.stdout.includes('<h1')) {
    console.error('[parti] rendering the landing page at build time failed')
    return false
  }
  // test ids become replay ids: a button pressed on the copy is pressed again on the app's element of that id
  const markup = rendered.stdout.replace(/ data-testid="/g, ' data-replay="')
  const index = readFileSync(join(web, 'dist/index.html'), 'utf8')
  const root = '<div id="root"></div>'
  if (!index.includes(root)) throw new Error('dist/index.html has no empty #root')
  // no modulepreload links: the copy paints without scripts, so on a slow link the stylesheet should not share
  // the bandwidth with 140 KB of them (the entry script still starts at once and fetches its imports itself)
  const page = index
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(root, `<div id="prerendered">${markup}</div>${KEEP_IF_ENGLISH}${root}`)
  writeFileSync(join(web, 'dist/landing.html'), page)
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
