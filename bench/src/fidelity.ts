// The fidelity report's own timings (docs/product.md#fidelity): a 1024² result measured against its input, warm
// (OpenCV.js and the M-LSD model loaded, as in a running worker), and its share of a whole local job's time.
// Run alone: npx tsx bench/src/fidelity.ts

import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { houseSketch, roomPhoto } from '@parti/server/src/engines/local/fixtures.ts'
import { createLocalEngine } from '@parti/server/src/engines/local/index.ts'
import type { EngineOutput, EngineTask } from '@parti/server/src/engines/types.ts'
import { measureFidelity } from '@parti/server/src/fidelity/report.ts'
import { mlsdStructure } from '@parti/server/src/fidelity/structure.ts'
import { median, round } from './stats.ts'

export interface FidelityBenchResult {
  reportMs: number
  /** CPU time the process spent on one report (all its threads): what the work costs, whatever the load */
  reportCpuMs: number
  structureMs: number
  jobMs: number
  jobCpuMs: number
  runs: number
}

const RUNS = 15

async function time(fn: () => Promise<unknown>, runs = RUNS): Promise<{ wall: number; cpu: number }> {
  await fn()
  const wall: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    const c = process.cpuUsage()
    await fn()
    const used = process.cpuUsage(c)
    wall.push(performance.now() - t)
    cpu.push((used.user + used.system) / 1000)
  }
  return { wall: round(median(wall), 0), cpu: round(median(cpu), 0) }
}

export async function benchFidelity(): Promise<FidelityBenchResult> {
  const engine = createLocalEngine()
  const sketch = await houseSketch({ width: 1024, height: 1024 })
  const task: EngineTask = {
    kind: 'sketch',
    input: sketch,
    prompt: 'a red brick house with a grey slate roof',
    style: null,
    palette: null,
    customColors: ['#b03a2e', '#5d6670'],
    settings: {},
  }
  const ctx = {
    jobId: 'bench',
    signal: new AbortController().signal,
    reportProgress() {},
    tmpDir: await mkdtemp(join(tmpdir(), 'parti-bench-')),
  }
  let output: Buffer = sketch
  const job = await time(async () => {
    const r = await engine.run(task, ctx)
    output = (r.outputs[0] as Extract<EngineOutput, { kind: 'image' }>).data
  }, 7)
  const report = await time(() =>
    measureFidelity({ input: sketch, output, subject: 'drawing', colours: ['#b03a2e', '#5d6670'] }),
  )
  const room = await roomPhoto({ width: 1024, height: 1024, dim: false })
  const structure = await time(
    () => measureFidelity({ input: room, output: room, subject: 'photo', colours: [] }, mlsdStructure),
    7,
  )
  return {
    reportMs: report.wall,
    reportCpuMs: report.cpu,
    structureMs: structure.wall,
    jobMs: job.wall,
    jobCpuMs: job.cpu,
    runs: RUNS,
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchFidelity()
  console.log(process.argv.includes('--json') ? JSON.stringify(r) : r)
}
