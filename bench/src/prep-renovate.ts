// Privacy blur and repaint on a 12 MP photo (docs/decisions/0111-privacy-blur.md,
// docs/decisions/0112-repaint-exact-colours.md, docs/decisions/0120-repaint-materials.md): each whole local job
// timed (median, warm: models loaded, as in a running worker), the peak resident memory of the process, and the
// detectors' share — BlazeFace for the blur, the surface search (region growing with M-LSD) for the repaint; a
// material (oak parquet) laid on the floor of the room in perspective, also 12 MP.
// Run alone: npx tsx bench/src/prep-renovate.ts; in `npm run bench` through prep-renovate-section.ts

import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { decodeRgb } from '@parti/server/src/engines/local/image-io.ts'
import { createLocalEngine } from '@parti/server/src/engines/local/index.ts'
import { findSurface } from '@parti/server/src/engines/local/prep/repaint.ts'
import type { EngineTask } from '@parti/server/src/engines/types.ts'
import { detectFaces } from '@parti/server/src/lib/faces.ts'
import { perspectiveRoom, room } from '@parti/server/test/fixtures/room.ts'
import sharp from 'sharp'
import { median, round } from './stats.ts'

const W = 4000
const H = 3000
const RUNS = 3

export interface PrepRenovateBenchResult {
  blurMs: number
  faceDetectMs: number
  repaintMs: number
  surfaceMs: number
  /** oak parquet on the floor of the room in perspective, whole job (surface, plane, texture, encode) */
  materialMs: number
  peakRssMb: number
  runs: number
}

/** A 12 MP room photo (the rendered room, scaled up) with a person standing in it. */
async function photo12mp(): Promise<Buffer> {
  const r = room()
  const person = await sharp(
    readFileSync(new URL('../../apps/server/test/fixtures/astronaut.jpg', import.meta.url)),
  )
    .resize(900, 900)
    .toBuffer()
  return sharp(r.image.data, { raw: { width: r.image.width, height: r.image.height, channels: 3 } })
    .resize(W, H)
    .composite([{ input: person, left: 2800, top: 1400 }])
    .jpeg({ quality: 90 })
    .toBuffer()
}

/** The room in perspective at 12 MP: a floor to lay a material on. */
async function floor12mp(): Promise<Buffer> {
  const r = perspectiveRoom()
  return sharp(r.image.data, { raw: { width: r.image.width, height: r.image.height, channels: 3 } })
    .resize(W, H)
    .jpeg({ quality: 90 })
    .toBuffer()
}

async function time(fn: () => Promise<unknown>, runs = RUNS): Promise<number> {
  await fn()
  const wall: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    await fn()
    wall.push(performance.now() - t)
  }
  return round(median(wall), 0)
}

async function benchPrepRenovate(): Promise<PrepRenovateBenchResult> {
  const engine = createLocalEngine()
  const input = await photo12mp()
  const ctx = {
    jobId: 'bench',
    signal: new AbortController().signal,
    reportProgress() {},
    tmpDir: await mkdtemp(join(tmpdir(), 'parti-bench-')),
  }
  const faces = (await detectFaces(input)) ?? []
  const blur: EngineTask = { kind: 'privacy', input, faces, mask: null }
  const repaint: EngineTask = {
    kind: 'repaint',
    input,
    paint: 'RAL 7035',
    point: { x: 0.3, y: 0.55 },
    mask: null,
  }
  const image = await decodeRgb(input, W, H)
  const blurMs = await time(() => engine.run(blur, ctx))
  const faceDetectMs = await time(() => detectFaces(input))
  const repaintMs = await time(() => engine.run(repaint, ctx))
  const surfaceMs = await time(() => findSurface(input, image, { x: 0.3, y: 0.55 }, null))
  const material: EngineTask = {
    kind: 'repaint',
    input: await floor12mp(),
    paint: null,
    material: 'oak-parquet',
    point: { x: 0.5, y: 0.85 },
    mask: null,
  }
  const materialMs = await time(() => engine.run(material, ctx))
  return {
    // the blur job gets its faces from the request (found before pricing); the detection is its own figure
    blurMs,
    faceDetectMs,
    repaintMs,
    surfaceMs,
    materialMs,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    runs: RUNS,
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchPrepRenovate()
  console.log(process.argv.includes('--json') ? JSON.stringify(r) : r)
}
