import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { resolveFfmpeg } from '../../src/engines/shared/video.ts'

const run = promisify(execFile)
const clips = new Map<string, Promise<Buffer>>()

/** A real H.264 MP4 test clip (ffmpeg's test source), made once per process and size. */
export function testClip(seconds = 5, width = 320, height = 240, fps = 24): Promise<Buffer> {
  const key = `${seconds}-${width}-${height}-${fps}`
  let clip = clips.get(key)
  if (!clip) {
    clip = (async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'parti-fake-clip-')), 'clip.mp4')
      await run(resolveFfmpeg(), [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', `testsrc=size=${width}x${height}:rate=${fps}:duration=${seconds}`],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'ultrafast', '-y', file],
      ])
      return readFileSync(file)
    })()
    clips.set(key, clip)
  }
  return clip
}

/** A test's own picture for a fake to return instead of the tinted input (what a model would make of it). */
export type FakeRender = (input: Buffer) => Promise<Buffer>

/** What a fake model "renders" from an input image: the same picture, tinted, at the size asked for. */
export async function tinted(input: Buffer, size?: { width: number; height: number }): Promise<Buffer> {
  const img = sharp(input).flatten({ background: '#ffffff' })
  const resized = size ? img.resize(size.width, size.height, { fit: 'fill' }) : img
  return resized.tint('#c08040').png().toBuffer()
}

/** Decodes a data URI the way a provider does; null when it is not one. */
export function fromDataUri(value: unknown): { mime: string; data: Buffer } | null {
  if (typeof value !== 'string') return null
  const m = /^data:([\w/+.-]+);base64,(.*)$/s.exec(value)
  return m ? { mime: m[1]!, data: Buffer.from(m[2]!, 'base64') } : null
}

export async function isImage(data: Buffer): Promise<boolean> {
  try {
    const meta = await sharp(data).metadata()
    return !!meta.width && !!meta.height
  } catch {
    return false
  }
}
