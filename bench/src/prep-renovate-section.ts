// Privacy blur and repaint on a 12 MP photo in `npm run bench` (docs/decisions/0111-privacy-blur.md,
// docs/decisions/0112-repaint-exact-colours.md): run in a process of its own, so its peak memory is its own.
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { PrepRenovateBenchResult } from './prep-renovate.ts'
import { ROOT } from './processes.ts'
import type { BenchRow } from './stats.ts'

export const section = {
  title: 'Privacy blur and repaint',
  async run(): Promise<BenchRow[]> {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'bench/src/prep-renovate.ts'), '--json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    if (r.status !== 0) throw new Error(`the privacy and repaint benchmark exited with ${r.status}`)
    const p = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as PrepRenovateBenchResult
    const load = `load average ${loadavg()[0]!.toFixed(1)} on 2 cores`
    const detectShare = Math.round((p.faceDetectMs / (p.faceDetectMs + p.blurMs)) * 100)
    return [
      {
        name: 'face detection on a 12 MP photo (BlazeFace, whole and windows), free before the blur',
        value: `${p.faceDetectMs} ms (median of ${p.runs})`,
        target: 'reported',
        pass: null,
        note: load,
      },
      {
        name: 'privacy blur job on it, faces given',
        value: `${p.blurMs} ms; the detector is ${detectShare} % of detect-then-blur`,
        target: 'reported',
        pass: null,
      },
      {
        name: 'repaint job on it (RAL 7035 on the wall)',
        value: `${p.repaintMs} ms; the surface search ${p.surfaceMs} ms of it`,
        target: 'reported',
        pass: null,
      },
      {
        name: 'repaint job with a material (oak parquet on the floor of a room in perspective, 12 MP)',
        value: `${p.materialMs} ms`,
        target: 'reported',
        pass: null,
      },
      {
        name: 'peak resident memory of that process',
        value: `${p.peakRssMb} MB`,
        target: 'reported',
        pass: null,
      },
    ]
  },
}
