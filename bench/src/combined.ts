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

/** Median wall and CPU time (every libvips thread included) after three warm-up runs. */
async function timed(work: () => Promise<unknown>, runs = RUNS): Promise<{ wall: number; cpu: number }> {
  // warm-up, as in a running worker: libvips caches, and the JIT compiling the hot loops (on threads of the
  // process, so in its CPU time)
  for (let i = 0; i < 3; i++) await work()
  const wall: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    await work()
    wall.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  return { wall: round(median(wall), 0), cpu: round(median(cpu), 0) }
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
  return {
    runs: RUNS,
    compositing: await timed(composite),
    fidelity: await timed(fidelity),
    both: await timed(async () => {
      await composite()
      await fidelity()
    }),
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchCombined()
  console.log(process.argv.includes('--json') ? JSON.stringify(r) : r)
}
