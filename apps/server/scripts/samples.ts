/**
 * The product's own results shown to visitors (docs/product.md#tour): the landing page's hero clip and the
 * tour's before-and-after pairs, each made by the built-in engine exactly as a user's job runs it (the same
 * steps, the runner's compositing of masked edits, the same fidelity report), with what was asked, what the
 * engine said and the figures measured. Written to apps/web/public/hero/, apps/web/public/tour/ and the tour's
 * manifest (apps/web/src/features/tour/samples.json), and committed; run again after the engine's look
 * changes: npx tsx apps/server/scripts/samples.ts
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  COSTS,
  type Kind,
  type LocalStyleParams,
  type NoteId,
  type StagingOption,
  type TourSample,
} from '@parti/contract'
import sharp from 'sharp'
import { stagingPromptParts } from '../src/domain/prompt.ts'
import { createLocalEngine } from '../src/engines/local/engine.ts'
import { findFfmpeg } from '../src/engines/local/ffmpeg/find.ts'
import { houseSketch, roomPhoto, shapeMask } from '../src/engines/local/fixtures.ts'
import { livingRoomSketch } from '../src/engines/local/fixtures-room.ts'
import { placeOnSource } from '../src/engines/shared/composite.ts'
import type { EngineContext, EngineResult, EngineStyle, EngineTask } from '../src/engines/types.ts'
import { judgeResult } from '../src/fidelity/index.ts'

const WEB = join(dirname(fileURLToPath(import.meta.url)), '../../web')
const run = promisify(execFile)
const engine = createLocalEngine()

async function context(): Promise<EngineContext> {
  return {
    jobId: 'samples',
    signal: new AbortController().signal,
    reportProgress() {},
    tmpDir: await mkdtemp(join(tmpdir(), 'parti-samples-')),
  }
}

const style = (look: LocalStyleParams['look']): EngineStyle => ({
  id: look,
  name: look,
  prompt: '',
  negativePrompt: '',
  qualityPrompt: '',
  localParams: { look, lineWeight: 1, saturation: 1, warmth: 0, paperTexture: 0.3, shading: 0.5 },
})

/** One step as the job runner runs it: the engine, then a masked edit composited back onto its source. */
async function step(task: EngineTask) {
  const t0 = performance.now()
  const placed = await placeOnSource(task, await engine.run(task, await context()))
  return { ...placed, seconds: (performance.now() - t0) / 1000 }
}

const image = (r: EngineResult) => r.outputs[0]!.data
const notesOf = (...results: EngineResult[]) =>
  results
    .flatMap((r) => (r.facts.notes ?? []).map((n) => (typeof n === 'string' ? null : n.id)))
    .filter((n): n is NoteId => !!n)

async function fidelity(kind: Kind, task: EngineTask, input: Buffer, result: EngineResult) {
  const judged = await judgeResult(undefined, { kind, task, input, output: result.outputs[0] })
  return judged ? Math.round(judged.report.score * 100) / 100 : null
}

async function webp(data: Buffer, name: string) {
  await sharp(data)
    .resize(960, 720, { fit: 'inside' })
    .webp({ quality: 74 })
    .toFile(join(WEB, 'public/tour', name))
  return `/tour/${name}`
}

async function sketchSample(): Promise<TourSample> {
  const input = await houseSketch({ width: 1200, height: 900 })
  const prompt = 'a red brick house with a black roof'
  const task: EngineTask = {
    kind: 'sketch',
    input,
    prompt,
    style: style('watercolour'),
    palette: null,
    customColors: null,
    settings: {},
  }
  const r = await step(task)
  return {
    id: 'sketch',
    kind: 'sketch',
    before: await webp(input, 'sketch-before.webp'),
    after: await webp(image(r.result), 'sketch-after.webp'),
    asked: { prompt, style: 'watercolour' },
    notes: notesOf(r.result),
    fidelity: await fidelity('sketch', task, input, r.result),
    changedArea: null,
    credits: COSTS.image,
    seconds: r.seconds,
  }
}

async function interiorSample(): Promise<TourSample> {
  const input = await livingRoomSketch({ width: 1200, height: 900 })
  const prompt = 'a bright living room with an oak floor, white walls and a green sofa'
  const task: EngineTask = {
    kind: 'sketch',
    input,
    prompt,
    style: style('marker'),
    palette: null,
    customColors: null,
    settings: {},
  }
  const r = await step(task)
  return {
    id: 'interior',
    kind: 'sketch',
    before: await webp(input, 'interior-before.webp'),
    after: await webp(image(r.result), 'interior-after.webp'),
    asked: { prompt, style: 'marker' },
    notes: notesOf(r.result),
    fidelity: await fidelity('sketch', task, input, r.result),
    changedArea: null,
    credits: COSTS.image,
    seconds: r.seconds,
  }
}

/** Home staging's two steps: the lasso's clutter removed, then the walls repainted and the room graded in the style. */
async function stagingSample(): Promise<{ sample: TourSample; staged: Buffer }> {
  const room = await roomPhoto({ width: 1200, height: 900, dim: false })
  // the picture on the left wall, selected with the lasso
  const mask = await shapeMask(1200, 900, { kind: 'rect', x: 125, y: 370, w: 100, h: 135 })
  const options: StagingOption[] = ['removeClutter', 'repaint']
  const clean: EngineTask = { kind: 'staging-clean', input: room, mask, roomType: 'living-room', options }
  const cleaned = await step(clean)
  const stage: EngineTask = {
    kind: 'staging-stage',
    input: image(cleaned.result),
    original: room,
    prompt: stagingPromptParts('coastal', options, 'living-room').filter(Boolean).join(', '),
    roomType: 'living-room',
    options,
    stagingStyle: 'coastal',
    palette: null,
  }
  const staged = await step(stage)
  return {
    staged: image(staged.result),
    sample: {
      id: 'staging',
      kind: 'staging',
      before: await webp(room, 'staging-before.webp'),
      after: await webp(image(staged.result), 'staging-after.webp'),
      asked: { stagingStyle: 'coastal', options },
      notes: notesOf(cleaned.result, staged.result),
      fidelity: await fidelity('staging', stage, room, staged.result),
      changedArea: null,
      credits: COSTS.staging.cleaning + COSTS.staging.staging,
      seconds: cleaned.seconds + staged.seconds,
    },
  }
}

async function inpaintSample(): Promise<TourSample> {
  const room = await roomPhoto({ width: 1200, height: 900, dim: false })
  // the floor lamp, selected with the lasso
  const mask = await shapeMask(1200, 900, { kind: 'rect', x: 755, y: 280, w: 115, h: 345 })
  const prompt = 'remove the lamp'
  const task: EngineTask = { kind: 'inpaint', input: room, mask, prompt }
  const r = await step(task)
  return {
    id: 'inpaint',
    kind: 'inpaint',
    before: await webp(room, 'inpaint-before.webp'),
    after: await webp(image(r.result), 'inpaint-after.webp'),
    asked: { prompt },
    notes: notesOf(r.result),
    fidelity: null,
    changedArea: r.changedArea === null ? null : Math.round(r.changedArea * 1000) / 1000,
    credits: COSTS.image,
    seconds: r.seconds,
  }
}

/** The hero clip: the sketch sample's drawing rendered in golden-hour light, then a slow dolly in. */
async function videoSample(): Promise<TourSample> {
  const input = await houseSketch({ width: 1200, height: 900 })
  const render = image(
    (
      await step({
        kind: 'sketch',
        input,
        prompt: 'a white rendered house with a grey slate roof and timber windows',
        style: style('golden-hour'),
        palette: null,
        customColors: null,
        settings: {},
      })
    ).result,
  )
  const t0 = performance.now()
  const video = image(
    await engine.run(
      { kind: 'animate', input: render, prompt: '', duration: 6, cameraMovement: 'dolly_in' },
      await context(),
    ),
  )
  const seconds = (performance.now() - t0) / 1000
  const dir = await mkdtemp(join(tmpdir(), 'parti-hero-'))
  const raw = join(dir, 'raw.mp4')
  await writeFile(raw, video)
  const ffmpeg = findFfmpeg()
  if (!ffmpeg) throw new Error('ffmpeg is needed to encode the clip')
  // small enough to load after first paint on a phone: 800 px wide, no audio, H.264 for every browser
  // biome-ignore format: ffmpeg's arguments read best in pairs
  await run(ffmpeg, ['-y', '-i', raw, '-vf', 'scale=800:-2', '-an', '-c:v', 'libx264', '-preset', 'veryslow',
    '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', join(WEB, 'public/hero/hero.mp4')])
  await sharp(render).resize(800).webp({ quality: 72 }).toFile(join(WEB, 'public/hero/hero.webp'))
  return {
    id: 'video',
    kind: 'animate',
    before: '/hero/hero.webp',
    after: '/hero/hero.webp',
    video: '/hero/hero.mp4',
    asked: { camera: 'dolly_in' },
    notes: [],
    fidelity: null,
    changedArea: null,
    credits: COSTS.video[6],
    seconds,
  }
}

async function main() {
  await mkdir(join(WEB, 'public/tour'), { recursive: true })
  await mkdir(join(WEB, 'public/hero'), { recursive: true })
  const { sample: staging } = await stagingSample()
  const samples = [
    await sketchSample(),
    await interiorSample(),
    staging,
    await inpaintSample(),
    await videoSample(),
  ]
  const rounded = samples.map((s) => ({ ...s, seconds: Math.round(s.seconds * 10) / 10 }))
  const manifest = { engine: 'local', madeAt: new Date().toISOString().slice(0, 10), samples: rounded }
  await writeFile(join(WEB, 'src/features/tour/samples.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  console.log(`written: ${samples.length} samples`)
}

await main()
