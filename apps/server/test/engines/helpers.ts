import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import sharp from 'sharp'
import type { EngineContext } from '../../src/engines/types.ts'

export const silentLog = pino({ level: 'silent' })

/** Retries fast enough for a test run: the behaviour is the same, the waits are milliseconds. */
export const FAST_RETRY = { retries: 3, baseMs: 5, maxMs: 20 }

export const SHORT_TIMEOUTS = { imageMs: 8000, videoMs: 15_000 }

/** An engine context as the worker gives one, with the progress it reported. */
export function makeCtx(options: { model?: string; signal?: AbortSignal } = {}) {
  const progress: number[] = []
  const ctx: EngineContext = {
    jobId: `job-${Math.random().toString(36).slice(2, 10)}`,
    signal: options.signal ?? new AbortController().signal,
    reportProgress: (f) => progress.push(f),
    tmpDir: mkdtempSync(join(tmpdir(), 'parti-engine-test-')),
    ...(options.model ? { model: options.model } : {}),
  }
  return { ctx, progress }
}

/** Raw RGB pixels of an encoded image, for pixel-exact comparisons. */
export async function pixels(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** How many pixels differ between two images of the same size, inside and outside a rectangle. */
export async function diffAround(
  a: Buffer,
  b: Buffer,
  rect: { left: number; top: number; width: number; height: number },
) {
  const pa = await pixels(a)
  const pb = await pixels(b)
  let inside = 0
  let outside = 0
  for (let y = 0; y < pa.height; y++)
    for (let x = 0; x < pa.width; x++) {
      const i = (y * pa.width + x) * 3
      const same =
        pa.data[i] === pb.data[i] && pa.data[i + 1] === pb.data[i + 1] && pa.data[i + 2] === pb.data[i + 2]
      const within =
        x >= rect.left && x < rect.left + rect.width && y >= rect.top && y < rect.top + rect.height
      if (!same) within ? inside++ : outside++
    }
  return { inside, outside }
}

export function dataUriImage(value: unknown): Buffer {
  const m = /^data:image\/[\w+.-]+;base64,(.*)$/s.exec(String(value))
  if (!m) throw new Error(`not an image data URI: ${String(value).slice(0, 40)}`)
  return Buffer.from(m[1]!, 'base64')
}

/**
 * A model's edit drawn in the space it works in: a green disk (round there) at the centre of the picture it
 * answers with. Whether it is still round in the result says whether the answer was stretched.
 */
export async function diskAtCentre(input: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(input).metadata()
  const r = Math.round(Math.min(width, height) * 0.1)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#20c040"/></svg>`
  return sharp(input)
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer()
}

/** The box of the green pixels (the disk of diskAtCentre) in a picture. */
export async function greenBox(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let [x0, y0, x1, y1] = [info.width, info.height, -1, -1]
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3
      if (data[i + 1]! - Math.max(data[i]!, data[i + 2]!) < 60) continue
      x0 = Math.min(x0, x)
      y0 = Math.min(y0, y)
      x1 = Math.max(x1, x)
      y1 = Math.max(y1, y)
    }
  return { width: x1 - x0 + 1, height: y1 - y0 + 1, cx: (x0 + x1 + 1) / 2, cy: (y0 + y1 + 1) / 2 }
}
