// The landing page as a first-time visitor gets it: gzip size of the JavaScript it loads, and Lighthouse's
// performance score with its default mobile settings (slow 4G, 4× CPU slowdown), in Debian's Chromium.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { freePort, ROOT, startParti } from './processes.ts'
import { type BenchRow, median, round } from './stats.ts'

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** The scripts index.html loads at once plus their static imports (what a first visit downloads). */
function landingScripts(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const seen = new Set<string>()
  const queue = [
    ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g),
  ].map((m) => m[1]!)
  while (queue.length) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(join(dist, file), 'utf8')
    // static imports only; dynamic import() chunks are loaded later, on demand
    for (const m of code.matchAll(/(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      queue.push(join(file, '..', m[1]!).replace(/^\.\//, ''))
    }
  }
  return [...seen]
}

export const section = {
  title: 'Web landing page',
  async run(): Promise<BenchRow[]> {
    const dist = join(ROOT, 'apps/web/dist')
    if (!existsSync(join(dist, 'index.html'))) {
      return [{ name: 'landing page', value: 'skipped: run `npm run build` first', target: '', pass: null }]
    }
    const files = landingScripts(dist)
    const gzip = files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f))).length, 0)
    const rows: BenchRow[] = [
      {
        name: 'landing page initial JavaScript, gzip',
        value: `${round(gzip / 1024, 1)} KB in ${files.length} files (English; the visitor's language adds its locale chunk)`,
        target: '≤ 150 KB',
        pass: gzip <= 150 * 1024,
      },
    ]
    if (!existsSync(CHROME)) {
      rows.push({
        name: 'Lighthouse performance (mobile)',
        value: `skipped: no Chromium at ${CHROME}`,
        target: '≥ 95',
        pass: null,
      })
      return rows
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'parti-bench-web-'))
    const port = freePort()
    const parti = await startParti('api', { DATA_DIR: dataDir }, port)
    const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS })
    try {
      const scores: number[] = []
      const lcp: number[] = []
      for (let i = 0; i < 3; i++) {
        const result = await lighthouse(`${parti.url}/`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
        })
        const lhr = result!.lhr
        scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100))
        lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN)
      }
      const score = median(scores)
      rows.push({
        name: 'Lighthouse performance, mobile settings (median of 3)',
        value: `${score} (runs ${scores.join(', ')}; LCP ${round(median(lcp) / 1000, 2)} s)`,
        target: '≥ 95',
        pass: score >= 95,
      })
    } finally {
      await chrome.kill()
      await parti.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
    return rows
  },
}
