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
