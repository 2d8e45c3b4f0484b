// The one target for the fidelity report and masked-edit compositing together (docs/product.md#fidelity,
// docs/decisions/0060-compositing-once-in-the-runner.md): both, back to back, in a process of their own so the
// figure is not that of a process earlier sections left busy. `npm run bench -- fidelity` runs it too.
import { spawnSync } from 'node:child_process'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import type { CombinedResult } from './combined.ts'
import { ROOT } from './processes.ts'
import type { BenchRow } from './stats.ts'

/** The target: a median of CPU time, since on the shared 2-core machine the wall time is mostly waiting. */
const TARGET_MS = 150

export const section = {
  title: 'Fidelity report and compositing together',
  async run(): Promise<BenchRow[]> {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'bench/src/combined.ts'), '--json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    if (r.status !== 0) throw new Error(`the combined benchmark exited with ${r.status}`)
    const c = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as CombinedResult
    return [
      {
        name: 'fidelity report + compositing, 1024² (a sketch render measured; a masked edit composited), CPU time',
        value: `${c.both.cpu} ms (median of ${c.runs}; wall ${c.both.wall} ms)`,
        target: `≤ ${TARGET_MS} ms`,
        pass: c.both.cpu <= TARGET_MS,
        note: `apart: report ${c.fidelity.cpu} ms, compositing ${c.compositing.cpu} ms of CPU; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
      },
    ]
  },
}
