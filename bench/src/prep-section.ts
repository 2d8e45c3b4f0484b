// Listing photo prep in `npm run bench`: each kind in a process of its own, so its peak memory is its own.
import { spawnSync } from 'node:child_process'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { PREP_KINDS, type PrepBenchResult } from './prep.ts'
import { ROOT } from './processes.ts'
import type { BenchRow } from './stats.ts'

export const section = {
  title: 'Listing photo prep',
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = []
    for (const kind of PREP_KINDS) {
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(ROOT, 'bench/src/prep.ts'), '--kind', kind, '--json'],
        { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      )
      if (r.status !== 0) throw new Error(`the ${kind} benchmark exited with ${r.status}`)
      const p = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as PrepBenchResult
      // in CPU time: the machine is shared, and wall time there is mostly waiting
      const share = p.detectorCalls ? Math.round(((p.detectorCpuMs * p.detectorCalls) / p.jobCpuMs) * 100) : 0
      rows.push({
        name: `${kind} of a ${p.width}×${p.height} (12 MP) JPEG, local engine, warm`,
        value: `${p.jobMs} ms (median of ${p.runs}), ${p.jobCpuMs} ms of CPU; peak RSS ${p.peakRssMb} MB`,
        target: 'reported',
        pass: null,
        note: `M-LSD (decode to 512², detect, scale back) ${p.detectorCpuMs} ms of CPU × ${p.detectorCalls} = ${share} % of the job's CPU; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
      })
    }
    return rows
  },
}
