// Upscale in `npm run bench` (docs/decisions/0115-upscale.md): 1024² → 2048² and 2048² → 4096² by ESRGAN, each in a
// process of its own, beside bicubic in the same run. UPSCALE_BENCH_RUNS sets the runs of the smaller size.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { ROOT } from './processes.ts'
import type { BenchRow } from './stats.ts'
import type { UpscaleBenchResult } from './upscale.ts'

function inChild(side: number, runs: number): UpscaleBenchResult {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'bench/src/upscale.ts'), String(side), String(runs)],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  )
  if (r.status !== 0) throw new Error(`the upscale benchmark exited with ${r.status}`)
  return JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as UpscaleBenchResult
}

export const section = {
  title: 'Upscale',
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = []
    for (const [side, runs] of [
      [1024, Number(process.env.UPSCALE_BENCH_RUNS ?? 3)],
      [2048, 1],
    ] as const) {
      const r = inChild(side, runs)
      rows.push({
        name: `ESRGAN 2× ${side}² → ${side * 2}², PNG encoded`,
        value: `${(r.esrganMs / 1000).toFixed(1)} s (median of ${r.runs}); peak resident ${r.peakRssMb} MB<br>bicubic in the same process: ${r.bicubicMs} ms (median of 5), peak ${r.bicubicPeakRssMb} MB; load average ${r.load} on 2 cores`,
        target: 'reported',
        pass: null,
      })
    }
    return rows
  },
}
