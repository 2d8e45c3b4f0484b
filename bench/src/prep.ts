// Listing photo prep on a 12 MP photo (docs/decisions/0101-straighten-verticals.md, docs/decisions/0109-light.md,
// docs/decisions/0110-sky-and-dusk.md): each kind's local job timed warm (OpenCV.js and M-LSD loaded, as in a
// running worker), the M-LSD detector's own time beside it, and the process's peak memory. One kind per process,
// so each peak is that kind's. Run alone: npx tsx bench/src/prep.ts --kind sky
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createLocalEngine } from '@parti/server/src/engines/local/index.ts'
import { segmentsOf } from '@parti/server/src/engines/local/prep/straighten.ts'
import type { EngineTask } from '@parti/server/src/engines/types.ts'
import { camera, facade, photograph } from '@parti/server/test/fixtures/facade.ts'
import { overcastHouseJpeg } from '@parti/server/test/fixtures/sky-scene.ts'
import sharp from 'sharp'
import { median, round } from './stats.ts'

export const PREP_KINDS = ['straighten', 'light', 'sky', 'dusk'] as const
type PrepKind = (typeof PREP_KINDS)[number]

export interface PrepBenchResult {
  kind: PrepKind
  width: number
  height: number
  jobMs: number
  /** CPU time of one job (all its threads): what the work costs, whatever the machine's load */
  jobCpuMs: number
  detectorMs: number
  detectorCpuMs: number
  /** the detector's calls per job: the sky is found once, straighten finds its verticals twice (before, after) */
  detectorCalls: number
  peakRssMb: number
  runs: number
}

const RUNS = 3
const W = 4000
const H = 3000

/** A 12 MP phone photo: the house under a grey sky, or the tilted facade for straighten, with sensor grain. */
async function photo(kind: PrepKind): Promise<Buffer> {
  const base =
    kind === 'straighten'
      ? await sharp((await photograph(await facade(), camera(-10, 2))).data, {
          raw: { width: 1200, height: 900, channels: 3 },
        })
          .png()
          .toBuffer()
      : await overcastHouseJpeg()
  const grain = await sharp({
    create: {
      width: W,
      height: H,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 6 },
    },
  })
    .png()
    .toBuffer()
  return sharp(base)
    .resize(W, H, { fit: 'fill' })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer()
}

function taskOf(kind: PrepKind, input: Buffer): EngineTask {
  switch (kind) {
    case 'straighten':
      return { kind, input }
    case 'light':
      return { kind, input, strength: 70 }
    case 'sky':
      return { kind, input, mood: 'blue' }
    case 'dusk':
      return { kind, input }
  }
}

async function benchPrep(kind: PrepKind): Promise<PrepBenchResult> {
  const input = await photo(kind)
  const engine = createLocalEngine()
  const ctx = {
    jobId: 'bench',
    signal: new AbortController().signal,
    reportProgress() {},
    tmpDir: await mkdtemp(join(tmpdir(), 'parti-bench-prep-')),
  }
  const task = taskOf(kind, input)
  await engine.run(task, ctx)
  const job: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    const c = process.cpuUsage()
    await engine.run(task, ctx)
    const used = process.cpuUsage(c)
    job.push(performance.now() - t)
    cpu.push((used.user + used.system) / 1000)
  }
  const detector: number[] = []
  const detectorCpu: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    const c = process.cpuUsage()
    await segmentsOf(input)
    const used = process.cpuUsage(c)
    detector.push(performance.now() - t)
    detectorCpu.push((used.user + used.system) / 1000)
  }
  return {
    kind,
    width: W,
    height: H,
    jobMs: round(median(job), 0),
    jobCpuMs: round(median(cpu), 0),
    detectorMs: round(median(detector), 0),
    detectorCpuMs: round(median(detectorCpu), 0),
    detectorCalls: kind === 'light' ? 0 : kind === 'straighten' ? 2 : 1,
    peakRssMb: round(process.resourceUsage().maxRSS / 1024, 0),
    runs: RUNS,
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const kind = (process.argv[process.argv.indexOf('--kind') + 1] ?? 'light') as PrepKind
  const r = await benchPrep(kind)
  console.log(process.argv.includes('--json') ? JSON.stringify(r) : r)
}
