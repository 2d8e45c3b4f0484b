// The local engine in `npm run bench`: medians per kind against the targets, and peak memory.
import { benchLocalEngine } from './local-engine.ts'
import type { BenchRow } from './stats.ts'

export const section = {
  title: 'Local engine',
  async run(): Promise<BenchRow[]> {
    const rows = await benchLocalEngine()
    const peak = Math.max(...rows.map((r) => r.peakRssMb))
    return [
      ...rows.map((r) => ({
        name: r.name,
        value: `${r.medianMs} ms (median of ${r.runs})`,
        target: r.target,
        pass: r.pass,
      })),
      {
        name: 'peak resident memory of the engine process',
        value: `${peak} MB`,
        target: 'reported',
        pass: null,
      },
    ]
  },
}
