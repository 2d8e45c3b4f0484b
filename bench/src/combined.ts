// Fidelity report + masked-edit compositing of one 1024² result, the two together as the runner calls them
// (docs/decisions/0060-compositing-once-in-the-runner.md, docs/decisions/0061-fidelity-measures.md): median
// wall and CPU time of the process. Run alone: npx tsx bench/src/combined.ts [--json]
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { houseSketch, roomPhoto, shapeMask } from '@parti/server/src/engines/local/fixtures.ts'
import { createLocalEngine } from '@parti/server/src/engines/local/index.ts'
import { compositeOntoSource } from '@parti/server/src/engines/shared/composite.ts'
import type { EngineOutput } from '@parti/server/src/engines/types.ts'
import { measureFidelity } from '@parti/server/src/fidelity/report.ts'
import sharp from 'sharp'
import { median, round } from './stats.ts'

export interface CombinedResult {
  runs: number
  compositing: { wall: number; cpu: number }
  fidelity: { wall: number; cpu: number }
  both: { wall: number; cpu: number }
}

const RUNS = 9

/** Wall and CPU time of one run (every libvips thread included). */
async function once(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  await work()
  const wall = performance.now() - t0
  const c = process.cpuUsage(c0)
  return { wall, cpu: (c.user + c.system) / 1000 }
}

const medians = (xs: Array<{ wall: number; cpu: number }>) => ({
  wall: round(median(xs.map((x) => x.wall)), 0),
  cpu: round(median(xs.map((x) => x.cpu)), 0),
})

/**
 * The two, back to back, run after run: each run's pair is timed under the same load (the machine is shared and
 * its load swings within seconds), and "both" is the median of the pairs' sums. Three warm-up runs first, as in
 * a running worker: libvips caches, and the JIT compiling the hot loops (on threads of the process, so in its
 * CPU time).
 */
async function pairs(a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const ra: Array<{ wall: number; cpu: number }> = []
  const rb: Array<{ wall: number; cpu: number }> = []
  for (let i = -3; i < RUNS; i++) {
    const x = await once(a)
    const y = await once(b)
    if (i < 0) continue
    ra.push(x)
    rb.push(y)
  }
  const sums = ra.map((x, i) => ({ wall: x.wall + rb[i]!.wall, cpu: x.cpu + rb[i]!.cpu }))
  return { a: medians(ra), b: medians(rb), both: medians(sums) }
}

async function benchCombined(): Promise<CombinedResult> {
  // the compositing bench's pictures: a room photo, a 9 % lasso, a provider's answer at another size, shifted
  const source = await sharp(await roomPhoto({ width: 1024, height: 1024, dim: false }))
    .png()
    .toBuffer()
  const mask = await shapeMask(1024, 1024, { kind: 'ellipse', x: 300, y: 480, w: 360, h: 260 })
  const edited = await sharp(source).resize(1152, 1152).linear([1, 1, 1], [30, -20, 25]).png().toBuffer()
  // the fidelity bench's pictures: a 1024² sketch and the local engine's render of it
  const sketch = await houseSketch({ width: 1024, height: 1024 })
  const colours = ['#b03a2e', '#5d6670']
  const rendered = await createLocalEngine().run(
    {
      kind: 'sketch',
      input: sketch,
      prompt: 'a red brick house',
      style: null,
      palette: null,
      customColors: colours,
      settings: {},
    },
    {
      jobId: 'bench',
      signal: new AbortController().signal,
      reportProgress() {},
      tmpDir: await mkdtemp(join(tmpdir(), 'parti-bench-')),
    },
  )
  const render = (rendered.outputs[0] as Extract<EngineOutput, { kind: 'image' }>).data
  const composite = () => compositeOntoSource(source, edited, mask)
  const fidelity = () => measureFidelity({ input: sketch, output: render, subject: 'drawing', colours })
  const r = await pairs(composite, fidelity)
  return { runs: RUNS, compositing: r.a, fidelity: r.b, both: r.both }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchCombined()
  console.log(process.argv.includes('--json') ? JSON.stringify(r) : r)
}
