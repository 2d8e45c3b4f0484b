// The local engine in `npm run bench`: medians per kind against the targets in bench/README.md, and peak
// memory. It runs in a process of its own, so the peak memory is the engine's and not what earlier sections
// left behind.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import type { LocalEngineBenchRow } from './local-engine.ts'
import { ROOT } from './processes.ts'
import type { BenchRow } from './stats.ts'

function benchInChild(): LocalEngineBenchRow[] {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/src/local-engine.ts'), '--json'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 16 * 1024 * 1024,
    },
  )
  if (r.status !== 0) throw new Error(`the local engine benchmark exited with ${r.status}`)
  return JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '[]') as LocalEngineBenchRow[]
}

export const section = {
  title: 'Local engine',
  async run(): Promise<BenchRow[]> {
    const rows = benchInChild()
    const peak = Math.max(...rows.map((r) => r.peakRssMb))
    return [
      ...rows.map((r) => ({
        name: r.name,
        value: `${r.medianMs} ms (median of ${r.runs})`,
        target: r.target,
        pass: r.pass,
      })),
      {
        name: 'peak resident memory of the engine process (OpenCV.js, sharp; ffmpeg runs apart)',
        value: `${peak} MB`,
        target: 'reported',
        pass: null,
      },
    ]
  },
}
