// Initial JavaScript of the landing page, gzip: the entry script, the chunks index.html preloads, and the
// locale chunks the app fetches before its first render (English, plus the visitor's language when it is
// another, since English is the fallback). Budget: 150 KB (docs/decisions/0043-zod-free-landing-bundle.md).
// Usage: node apps/web/scripts/landing-size.mjs [distDir]
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = resolve(process.argv[2] ?? new URL('../dist', import.meta.url).pathname)
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`

const html = readFileSync(join(dist, 'index.html'), 'utf8')
const entry = [...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]))]
let base = 0
for (const file of entry) {
  base += gz(file)
  console.log(`${kb(gz(file))}  ${file}`)
}

// the app's texts for one language (not the lazily loaded 'pages' namespace of the same language)
const assets = readdirSync(join(dist, 'assets'))
const localeChunk = (language) =>
  assets
    .filter((f) => f.startsWith(`${language}-`) && f.endsWith('.js'))
    .map((f) => `assets/${f}`)
    .find((f) => readFileSync(join(dist, f), 'utf8').includes('skipToContent'))

const english = gz(localeChunk('en'))
console.log(`${kb(base)}  code`)
const budget = 150 * 1024
let worst = 0
for (const language of ['en', 'es', 'fr', 'pt', 'de', 'nl', 'ar']) {
  const total = base + english + (language === 'en' ? 0 : gz(localeChunk(language)))
  worst = Math.max(worst, total)
  console.log(`${kb(total)}  total for a visitor in ${language}`)
}
console.log(`budget ${budget / 1024} KB: ${worst <= budget ? 'within' : 'OVER'} (worst ${kb(worst).trim()})`)
if (worst > budget) process.exitCode = 1
