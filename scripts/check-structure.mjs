// Structure guard (docs/architecture.md#import-rules): no import cycles inside a workspace, no server code
// imported by the web app, and a warning for files past 400 lines.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const roots = ['apps/server/src', 'apps/web/src', 'packages/contract/src']
const files = []
const walk = (dir) => {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e)
    if (statSync(p).isDirectory()) walk(p)
    else if (/\.(ts|tsx)$/.test(e) && !/\.test\.tsx?$/.test(e)) files.push(p)
  }
}
for (const r of roots) walk(join(root, r))

const graph = new Map()
const problems = []
const long = []
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  const lines = text.split('\n').length
  if (lines > 400) long.push(`${relative(root, file)} (${lines} lines)`)
  const deps = []
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    if (/^\s*import\s+type\s/.test(m[0]) || /^\s*export\s+type\s/.test(m[0])) continue
    const base = resolve(dirname(file), m[1])
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
      (c) => files.includes(c),
    )
    if (found) deps.push(found)
  }
  if (file.includes('/apps/web/') && /from\s+['"][^'"]*apps\/server/.test(text)) {
    problems.push(`${relative(root, file)} imports server code`)
  }
  graph.set(file, deps)
}

const state = new Map()
const stack = []
const visit = (f) => {
  state.set(f, 1)
  stack.push(f)
  for (const d of graph.get(f) ?? []) {
    if (!graph.has(d)) continue
    if (state.get(d) === 1) {
      const cycle = stack
        .slice(stack.indexOf(d))
        .concat(d)
        .map((p) => relative(root, p))
      problems.push(`import cycle: ${cycle.join(' → ')}`)
    } else if (!state.has(d)) visit(d)
  }
  stack.pop()
  state.set(f, 2)
}
for (const f of graph.keys()) if (!state.has(f)) visit(f)

for (const l of long) console.warn(`note: long file, consider splitting by responsibility: ${l}`)
if (problems.length) {
  for (const p of problems) console.error(`structure: ${p}`)
  process.exit(1)
}
