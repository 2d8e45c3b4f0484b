// Initial JavaScript of the landing page, gzip: the entry script, the chunks index.html preloads, and the
// English locale chunk the app fetches before its first render. Budget: 150 KB (ARCHITECTURE.md).
// Usage: node apps/web/scripts/landing-size.mjs [distDir]
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = resolve(process.argv[2] ?? new URL('../dist', import.meta.url).pathname)
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const files = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]))
const locale = readdirSync(join(dist, 'assets')).find((f) => /^en-[\w-]+\.js$/.test(f))
if (locale) files.add(`assets/${locale}`)
let total = 0
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
  total += size
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`)
}
const budget = 150 * 1024
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total (budget ${budget / 1024} KB)`)
if (total > budget) process.exitCode = 1
