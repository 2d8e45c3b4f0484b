// The local engine's own timings against the targets in bench/README.md: median wall time per job, on inputs
// drawn by code (the same fixtures the tests use), with the engine warmed up (OpenCV.js loaded) as in a
// running worker. Run alone: npx tsx bench/src/local-engine.ts
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { houseSketch, roomPhoto, shapeMask, texturedPhoto } from '@parti/server/src/engines/local/fixtures.ts'
import { createLocalEngine } from '@parti/server/src/engines/local/index.ts'
import type { EngineContext, EngineTask } from '@parti/server/src/engines/types.ts'
import sharp from 'sharp'
import { median, round } from './stats.ts'

export interface LocalEngineBenchRow {
  name: string
  medianMs: number
  runs: number
  target: string
  pass: boolean
  /** the benchmark process's peak resident memory after this case (ffmpeg runs in its own process) */
  peakRssMb: number
}

interface Case {
  name: string
  targetMs: number
  runs: number
  /** one job; several tasks run one after another (staging's two phases) */
  tasks: () => Promise<EngineTask[]>
}

const engine = createLocalEngine()

async function context(): Promise<EngineContext> {
  return {
    jobId: 'bench',
    signal: new AbortController().signal,
    reportProgress() {},
    tmpDir: await mkdtemp(join(tmpdir(), 'parti-bench-')),
  }
}

async function cases(): Promise<Case[]> {
  const sketch = await houseSketch({ width: 1024, height: 1024 })
  const room = await roomPhoto({ width: 1536, height: 1024, tilt: 2 })
  const photo = await sharp(await roomPhoto({ width: 1024, height: 1024, dim: false }))
    .png()
    .toBuffer()
  const mask = await shapeMask(1024, 1024, { kind: 'ellipse', x: 300, y: 480, w: 360, h: 260 })
  const video = await texturedPhoto(1920, 1080)
  const style = (look: 'marker') => ({
    id: look,
    name: look,
    prompt: '',
    negativePrompt: '',
    qualityPrompt: '',
    localParams: { look, lineWeight: 1, saturation: 1, warmth: 0, paperTexture: 0.3, shading: 0.5 },
  })
  const palette = {
    id: 'p',
    name: 'Coastal',
    colors: ['#FFFFFF', '#E9E4D8', '#A8C8D8', '#3F7C9A', '#1E3A4C'],
  }
  let cleaned: Buffer = room
  return [
    {
      name: 'sketch render 1024² (marker)',
      targetMs: 400,
      runs: 9,
      tasks: async () => [
        {
          kind: 'sketch',
          input: sketch,
          prompt: 'a house',
          style: style('marker'),
          palette,
          customColors: null,
          settings: {},
        },
      ],
    },
    {
      name: 'home staging, both phases, 1536×1024',
      targetMs: 800,
      runs: 7,
      tasks: async () => {
        const clean: EngineTask = {
          kind: 'staging-clean',
          input: room,
          mask: null,
          roomType: 'living-room',
          options: [],
        }
        cleaned = (await engine.run(clean, await context())).outputs[0]!.data
        return [
          clean,
          {
            kind: 'staging-stage',
            input: cleaned,
            original: room,
            prompt: '',
            roomType: 'living-room',
            options: ['repaint', 'addLighting'],
            stagingStyle: 'scandinavian',
            palette,
          },
        ]
      },
    },
    {
      name: 'inpaint 1024² (lasso ≈ 9% of the picture)',
      targetMs: 200,
      runs: 9,
      tasks: async () => [{ kind: 'inpaint', input: photo, mask, prompt: 'remove' }],
    },
    {
      name: 'camera move 6 s 1280×720 (orbit)',
      targetMs: 3000,
      runs: 3,
      tasks: async () => [
        { kind: 'animate', input: video, prompt: '', duration: 6, cameraMovement: 'orbit' },
      ],
    },
    {
      name: 'camera move 10 s 1280×720 (zoom in)',
      targetMs: 5000,
      runs: 3,
      tasks: async () => [
        { kind: 'animate', input: video, prompt: '', duration: 10, cameraMovement: 'zoom_in' },
      ],
    },
  ]
}

/** Runs each case once to warm up, then `runs` times; the staging case times both phases together. */
export async function benchLocalEngine(): Promise<LocalEngineBenchRow[]> {
  await engine.check?.()
  const rows: LocalEngineBenchRow[] = []
  for (const c of await cases()) {
    const times: number[] = []
    for (let i = 0; i <= c.runs; i++) {
      const tasks = await c.tasks()
      const contexts = await Promise.all(tasks.map(() => context()))
      // the staging case needs the cleaned photo as its second input: prepared above, outside the clock
      const started = performance.now()
      for (const [k, task] of tasks.entries()) await engine.run(task, contexts[k]!)
      const elapsed = performance.now() - started
      if (i > 0) times.push(elapsed)
      await Promise.all(contexts.map((ctx) => rm(ctx.tmpDir, { recursive: true, force: true })))
    }
    const medianMs = round(median(times), 0)
    rows.push({
      name: c.name,
      medianMs,
      runs: c.runs,
      target: `≤ ${c.targetMs} ms`,
      pass: medianMs <= c.targetMs,
      peakRssMb: round(process.resourceUsage().maxRSS / 1024, 0),
    })
  }
  return rows
}

function table(rows: LocalEngineBenchRow[]): string {
  const lines = [
    '| local engine | median | runs | target | pass | peak RSS |',
    '|---|---:|---:|---|:---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.medianMs} ms | ${r.runs} | ${r.target} | ${r.pass ? 'yes' : 'no'} | ${r.peakRssMb} MB |`,
    ),
  ]
  return lines.join('\n')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchLocalEngine()
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(rows))
    process.exit(0)
  }
  console.log(table(rows))
  console.log(
    `\n${new Date().toISOString()} · Node ${process.version} · ${(await import('node:os')).cpus().length} cores · load ${(
      await import('node:os')
    )
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
}
