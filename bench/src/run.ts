// npm run bench: every performance goal measured on this machine, results written to bench/README.md.
// Goals are ratios against a baseline measured in the same run wherever the machine's noise matters.
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { benchApiThroughput } from './api-throughput.ts'
import { ROOT } from './processes.ts'
import { benchQueueLatency } from './queue-latency.ts'
import type { BenchRow } from './stats.ts'

const only = process.argv.slice(2)
const pg = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL
const sections: Array<{ title: string; run: () => Promise<BenchRow[]> }> = [
  {
    title: 'Queue and live updates',
    run: async () => [
      ...(await benchQueueLatency('PGlite')),
      ...(pg ? await benchQueueLatency('PostgreSQL', pg) : []),
    ],
  },
  {
    title: 'API throughput',
    run: async () => [
      ...(await benchApiThroughput('PGlite')),
      ...(pg ? await benchApiThroughput('PostgreSQL', pg) : []),
    ],
  },
]
for (const extra of [
  './local-engine-section.ts',
  './compositing-section.ts',
  './fidelity-section.ts',
  './combined-section.ts',
  './gallery-section.ts',
  './web-section.ts',
  './export-section.ts',
  './api-key-section.ts',
  './versions-section.ts',
  './upscale-section.ts',
  './prep-section.ts',
  './provenance-section.ts',
  './prep-renovate-section.ts',
  './mls-export-section.ts',
]) {
  try {
    const mod = (await import(extra)) as { section?: { title: string; run: () => Promise<BenchRow[]> } }
    if (mod.section) sections.push(mod.section)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw err
  }
}

const results: Array<{ title: string; rows: BenchRow[] }> = []
for (const s of sections) {
  if (only.length && !only.some((o) => s.title.toLowerCase().includes(o.toLowerCase()))) continue
  console.log(`\n## ${s.title}`)
  const rows = await s.run()
  for (const r of rows)
    console.log(
      `${r.pass === false ? '✗' : '✓'} ${r.name}: ${r.value} (target ${r.target})${r.note ? ` — ${r.note}` : ''}`,
    )
  results.push({ title: s.title, rows })
}

const readmePath = join(ROOT, 'bench/README.md')
const readme = readFileSync(readmePath, 'utf8')
const marker = '<!-- results -->'
const head = readme.includes(marker) ? readme.slice(0, readme.indexOf(marker)) : `${readme}\n`
const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}`
let table = `${marker}\n## Latest results\n\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}${pg ? '; PostgreSQL from BENCH_DATABASE_URL/DATABASE_URL' : ''}.\n`
for (const r of results) {
  table += `\n### ${r.title}\n\n| measure | result | target | |\n|---|---|---|---|\n`
  for (const row of r.rows) {
    table += `| ${row.name} | ${row.value}${row.note ? `<br>${row.note}` : ''} | ${row.target} | ${row.pass === null ? '' : row.pass ? 'pass' : '**miss**'} |\n`
  }
}
// a partial run (`npm run bench -- gallery`) keeps the other sections' last results, marked as earlier
const previous = readme.includes(marker) ? readme.slice(readme.indexOf(marker)) : ''
for (const block of previous.split(/\n(?=### )/).slice(1)) {
  const title = block.slice(4, block.indexOf('\n'))
  if (results.some((r) => r.title === title.replace(/ \(earlier run\)$/, ''))) continue
  table += `\n${block.replace(/^### (.+?)( \(earlier run\))?\n/, '### $1 (earlier run)\n').trimEnd()}\n`
}
writeFileSync(readmePath, `${head}${table}`)
console.log(`\nwritten to bench/README.md`)
