import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { CameraMovement } from '@parti/contract'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { createLocalEngine } from '../engine.ts'
import { ffmpegCandidates, resolveFfmpeg } from '../ffmpeg/find.ts'
import { testContext, texturedPhoto } from '../fixtures.ts'
import { animate } from './render.ts'

const run = promisify(execFile)
const W = 160
const H = 90

let ffmpeg: string
let photo: Buffer

beforeAll(async () => {
  ffmpeg = await resolveFfmpeg()
  photo = await texturedPhoto(1280, 720)
})

/** The first and last frames, grey, at 160×90. */
async function firstAndLast(video: Buffer, frames: number): Promise<[Float32Array, Float32Array]> {
  const ctx = await testContext()
  const file = join(ctx.tmpDir, 'v.mp4')
  await writeFile(file, video)
  const { stdout } = await run(
    ffmpeg,
    [
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      `select='eq(n\\,0)+eq(n\\,${frames - 1})',scale=${W}:${H},format=gray`,
      '-vsync',
      '0',
      '-f',
      'rawvideo',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 1 << 24 },
  )
  const data = stdout as unknown as Buffer
  return [Float32Array.from(data.subarray(0, W * H)), Float32Array.from(data.subarray(W * H, 2 * W * H))]
}

/** Frame count and duration as ffmpeg reads the file back (decoding every frame). */
async function probe(video: Buffer): Promise<{ frames: number; duration: number; text: string }> {
  const ctx = await testContext()
  const file = join(ctx.tmpDir, 'p.mp4')
  await writeFile(file, video)
  const { stderr } = await run(ffmpeg, ['-hide_banner', '-i', file, '-map', '0:v:0', '-f', 'null', '-'])
  const frames = Number([...stderr.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1])
  const [, hh, mm, ss] = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr) ?? []
  return { frames, duration: Number(hh) * 3600 + Number(mm) * 60 + Number(ss), text: stderr }
}

function sample(img: Float32Array, x: number, y: number): number {
  if (x < 0 || y < 0 || x > W - 1 || y > H - 1) return Number.NaN
  const x0 = Math.floor(x)
  const y0 = Math.floor(y)
  const fx = x - x0
  const fy = y - y0
  const at = (xx: number, yy: number) => img[Math.min(H - 1, yy) * W + Math.min(W - 1, xx)]!
  return (
    (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) +
    (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
  )
}

/**
 * How the content moved from the first frame to the last: the similarity transform (scale, clockwise turn in
 * degrees, shift in pixels of the 160×90 frame) that best maps the first onto the last, by brute-force search.
 */
function motion(
  first: Float32Array,
  last: Float32Array,
  search: { scales: number[]; angles: number[]; shifts: number[] },
) {
  let best = { scale: 1, angle: 0, dx: 0, dy: 0, error: Number.POSITIVE_INFINITY }
  const cx = (W - 1) / 2
  const cy = (H - 1) / 2
  for (const scale of search.scales) {
    for (const angle of search.angles) {
      const a = (-angle * Math.PI) / 180
      const c = Math.cos(a) / scale
      const s = Math.sin(a) / scale
      for (const dx of search.shifts) {
        for (const dy of search.shifts) {
          let error = 0
          let n = 0
          for (let y = 4; y < H - 4; y += 2) {
            for (let x = 4; x < W - 4; x += 2) {
              // where this pixel of the last frame came from in the first
              const px = x - dx - cx
              const py = y - dy - cy
              const v = sample(first, cx + px * c - py * s, cy + px * s + py * c)
              if (Number.isNaN(v)) continue
              error += Math.abs(v - last[y * W + x]!)
              n++
            }
          }
          if (n > 300 && error / n < best.error) best = { scale, angle, dx, dy, error: error / n }
        }
      }
    }
  }
  return best
}

const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => Number((from + i * step).toFixed(4)))

async function render(
  cameraMovement: CameraMovement,
  duration: 6 | 10 = 6,
  size = { width: 320, height: 180 },
) {
  return animate({ input: photo, duration, cameraMovement }, await testContext(), { ffmpeg, size })
}

describe('local camera moves', () => {
  it.each([
    ['pan_left', (m: ReturnType<typeof motion>) => m.dx < -5 && Math.abs(m.dy) <= 2],
    ['pan_right', (m: ReturnType<typeof motion>) => m.dx > 5 && Math.abs(m.dy) <= 2],
    ['pan_up', (m: ReturnType<typeof motion>) => m.dy < -3 && Math.abs(m.dx) <= 2],
    ['pan_down', (m: ReturnType<typeof motion>) => m.dy > 3 && Math.abs(m.dx) <= 2],
  ] as const)('%s slides the content that way', async (movement, check) => {
    const video = await render(movement)
    if (video.kind !== 'video') throw new Error('not a video')
    const [first, last] = await firstAndLast(video.data, video.frames)
    const m = motion(first, last, { scales: [1], angles: [0], shifts: range(-20, 20, 1) })
    expect(check(m), JSON.stringify(m)).toBe(true)
  })

  it.each([
    ['zoom_in', (m: ReturnType<typeof motion>) => m.scale >= 1.15 && m.scale <= 1.35],
    ['zoom_out', (m: ReturnType<typeof motion>) => m.scale <= 0.87 && m.scale >= 0.74],
    ['dolly_in', (m: ReturnType<typeof motion>) => m.scale >= 1.3],
    ['dolly_out', (m: ReturnType<typeof motion>) => m.scale <= 0.78],
  ] as const)('%s changes the scale that way', async (movement, check) => {
    const video = await render(movement)
    if (video.kind !== 'video') throw new Error('not a video')
    const [first, last] = await firstAndLast(video.data, video.frames)
    const m = motion(first, last, { scales: range(0.66, 1.5, 0.02), angles: [0], shifts: range(-6, 6, 2) })
    expect(check(m), JSON.stringify(m)).toBe(true)
  })

  it.each([
    ['rotate_clockwise', 1],
    ['rotate_counter', -1],
  ] as const)('%s turns the content that way', async (movement, sign) => {
    const video = await render(movement)
    if (video.kind !== 'video') throw new Error('not a video')
    const [first, last] = await firstAndLast(video.data, video.frames)
    const m = motion(first, last, { scales: range(1.1, 1.3, 0.02), angles: range(-8, 8, 1), shifts: [0] })
    expect(m.angle * sign, JSON.stringify(m)).toBeGreaterThanOrEqual(4)
  })

  it('orbit swings sideways; static stays still', async () => {
    const orbit = await render('orbit')
    const still = await render('static')
    if (orbit.kind !== 'video' || still.kind !== 'video') throw new Error('not a video')
    const [o0, o1] = await firstAndLast(orbit.data, orbit.frames)
    const m = motion(o0, o1, { scales: [1], angles: range(-3, 3, 1), shifts: range(-24, 24, 2) })
    expect(Math.abs(m.dx), JSON.stringify(m)).toBeGreaterThanOrEqual(8)
    const [s0, s1] = await firstAndLast(still.data, still.frames)
    let diff = 0
    for (let i = 0; i < s0.length; i++) diff += Math.abs(s0[i]! - s1[i]!)
    expect(diff / s0.length).toBeLessThan(1.5)
  })

  it('makes a 6 s 1280×720 H.264 MP4 with 144 frames, faststart, and a JPEG poster, reporting progress', async () => {
    const ctx = await testContext()
    const video = await createLocalEngine().run(
      { kind: 'animate', input: photo, prompt: 'slow push in', duration: 6, cameraMovement: 'zoom_in' },
      ctx,
    )
    const out = video.outputs[0]!
    if (out.kind !== 'video') throw new Error('not a video')
    expect(out).toMatchObject({
      contentType: 'video/mp4',
      width: 1280,
      height: 720,
      durationSeconds: 6,
      frames: 144,
    })
    const probed = await probe(out.data)
    expect(probed.frames).toBe(144)
    expect(probed.duration).toBeCloseTo(6, 1)
    expect(probed.text).toMatch(/h264.*yuv420p/)
    // +faststart: the index (moov) comes before the media data
    expect(out.data.indexOf('moov')).toBeLessThan(out.data.indexOf('mdat'))
    expect((await sharp(out.poster).metadata()).format).toBe('jpeg')
    expect(video.facts.operations).toEqual(['camera:zoom_in', 'duration:6s'])
    expect(ctx.progress.some((p) => p > 0.3 && p < 0.9)).toBe(true)
    expect(ctx.progress.at(-1)).toBe(1)
  })

  it('makes a 10 s video of 240 frames', async () => {
    const video = await render('pan_right', 10)
    const probed = await probe(video.data)
    expect(probed.frames).toBe(240)
    expect(probed.duration).toBeCloseTo(10, 1)
  })

  it('keeps a portrait picture portrait', async () => {
    const portrait = await sharp(photo).resize(540, 960, { fit: 'cover' }).jpeg().toBuffer()
    const video = await createLocalEngine().run(
      // static: the size rule is what is under test here, not the (slower) motion
      { kind: 'animate', input: portrait, prompt: '', duration: 6, cameraMovement: 'static' },
      await testContext(),
    )
    expect(video.outputs[0]).toMatchObject({ width: 720, height: 1280 })
  })

  it('stops ffmpeg and fails as cancelled when the job is aborted', async () => {
    const controller = new AbortController()
    const ctx = await testContext(controller.signal)
    const started = Date.now()
    const pending = createLocalEngine().run(
      { kind: 'animate', input: photo, prompt: '', duration: 10, cameraMovement: 'orbit' },
      ctx,
    )
    setTimeout(() => controller.abort(), 400)
    await expect(pending).rejects.toMatchObject({ name: 'EngineError', code: 'cancelled' })
    expect(Date.now() - started).toBeLessThan(2500)
  })

  it('works with the ffmpeg that @ffmpeg-installer ships (no system ffmpeg needed)', async () => {
    const shipped = ffmpegCandidates({}).find((c) => c.source === '@ffmpeg-installer/ffmpeg')
    expect(shipped).toBeDefined()
    const video = await animate(
      { input: photo, duration: 6, cameraMovement: 'zoom_in' },
      await testContext(),
      {
        ffmpeg: shipped!.path,
        size: { width: 320, height: 180 },
      },
    )
    expect((await probe(video.data)).frames).toBe(144)
    const [first, last] = await firstAndLast(video.data, 144)
    expect(
      motion(first, last, { scales: range(1, 1.4, 0.02), angles: [0], shifts: [0] }).scale,
    ).toBeGreaterThan(1.15)
    // the poster is a real picture of the first frame
    expect((await sharp(video.kind === 'video' ? video.poster : Buffer.alloc(0)).metadata()).width).toBe(320)
    await readFile(shipped!.path) // still there: npm install alone is enough
  })
})
