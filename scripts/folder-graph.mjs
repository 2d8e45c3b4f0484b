// npm run graph: the server's folder import graph (apps/server/src by top folder), as Graphviz dot on stdout.
// Solid: a runtime import; dashed: type-only imports only; red: an arrow against docs/architecture.md#import-rules.
// Render with `npm run graph | dot -Tsvg > server-folders.svg` (Graphviz), or read the edges as text.
import { execFileSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const json = execFileSync(
  process.execPath,
  [
    join(root, 'scripts/depcruise.mjs'),
    '--no-config',
    '--ts-pre-compilation-deps',
    '--ts-config',
    'tsconfig.base.json',
    '-T',
    'json',
    'apps/server/src',
  ],
  { cwd: root, maxBuffer: 256 * 1024 * 1024 },
).toString()
const PREFIX = 'apps/server/src/'
const folderOf = (path) => (path.startsWith(PREFIX) ? path.slice(PREFIX.length).split('/')[0] : null)

/** The import rules: a folder may not reach these. */
const FORBIDDEN = {
  domain: ['db', 'http', 'engines', 'jobs'],
  db: ['http'],
  engines: ['db', 'http', 'jobs', 'kinds'],
  kinds: ['http', 'jobs'],
}
const edges = new Map()
for (const m of JSON.parse(json).modules) {
  const from = folderOf(m.source)
  if (!from || /\.test\.ts$/.test(m.source)) continue
  for (const d of m.dependencies) {
    const to = folderOf(d.resolved)
    if (!to || to === from) continue
    const key = `${from}\u0000${to}`
    const typeOnly = d.dependencyTypes.includes('type-only')
    edges.set(key, (edges.get(key) ?? true) && typeOnly)
  }
}
const lines = [...edges].sort().map(([key, typeOnly]) => {
  const [from, to] = key.split('\u0000')
  const against =
    (FORBIDDEN[from] ?? []).includes(to) || (to === 'http' && !['app.ts', 'runtime.ts'].includes(from))
  const attrs = [typeOnly ? 'style=dashed' : '', against ? 'color=red' : ''].filter(Boolean).join(' ')
  return `  "${from}" -> "${to}"${attrs ? ` [${attrs}]` : ''}`
})
console.log(
  `digraph server_folders {\n  rankdir=LR; node [shape=box fontname="Helvetica"];\n${lines.join('\n')}\n}`,
)
