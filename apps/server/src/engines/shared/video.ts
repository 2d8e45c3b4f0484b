import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg'
import { findFfmpeg } from '../local/ffmpeg/find.ts'
import type { EngineOutput, EngineTaskKind } from '../types.ts'
import { providerFailed } from './errors.ts'

interface VideoProbe {
  container: string
  codec: string
  width: number
  height: number
  durationSeconds: number
  frames: number
}

/** FFMPEG_PATH, else the system's, else the one @ffmpeg-installer ships (the local engine's order). */
export function resolveFfmpeg(configured?: string): string {
  return configured || findFfmpeg() || ffmpegInstaller.path
}

/**
 * A provider's clip as the product's video: H.264 MP4 with a poster (first frame, JPEG), its real size,
 * duration and frame count. A clip close to the requested length but not on it (Kling makes 5 s for a 6 s
 * request) is retimed to the exact length; other containers or codecs are transcoded.
 */
export async function videoOutput(
  kind: EngineTaskKind,
  data: Buffer,
  options: { ffmpegPath: string; tmpDir: string; requestedSeconds?: number; signal: AbortSignal },
): Promise<Extract<EngineOutput, { kind: 'video' }>> {
  const dir = await mkdtemp(join(options.tmpDir, 'video-'))
  try {
    const input = join(dir, 'provider-output')
    await writeFile(input, data)
    const run = (args: string[]) => runFfmpeg(options.ffmpegPath, args, options.signal)
    let probe = await probeVideo(run, input).catch((err: Error) => {
      throw providerFailed(kind, `the provider's output is not a readable video: ${err.message}`)
    })
    const factor = retimeFactor(probe.durationSeconds, options.requestedSeconds)
    let file = input
    if (factor !== 1 || probe.codec !== 'h264' || !probe.container.includes('mp4')) {
      file = join(dir, 'normalised.mp4')
      const filters = [`setpts=${factor.toFixed(5)}*PTS`, 'scale=trunc(iw/2)*2:trunc(ih/2)*2']
      await run([
        ...['-i', input, '-an', '-vf', filters.join(','), '-c:v', 'libx264', '-preset', 'veryfast'],
        ...['-crf', '20', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', file],
      ])
      probe = await probeVideo(run, file)
    }
    const poster = join(dir, 'poster.jpg')
    await run(['-i', file, '-frames:v', '1', '-q:v', '3', '-y', poster])
    return {
      kind: 'video',
      data: file === input ? data : await readFile(file),
      contentType: 'video/mp4',
      width: probe.width,
      height: probe.height,
      durationSeconds: Math.round(probe.durationSeconds * 100) / 100,
      frames: probe.frames,
      poster: await readFile(poster),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Stretch or squeeze by at most a third to land on the requested length; beyond that, keep the clip as is. */
function retimeFactor(actual: number, requested?: number): number {
  if (!requested || !actual) return 1
  const factor = requested / actual
  if (Math.abs(actual - requested) < 0.25 || factor < 0.75 || factor > 1.34) return 1
  return factor
}

type Run = (args: string[]) => Promise<string>

async function probeVideo(run: Run, file: string): Promise<VideoProbe> {
  const log = await run(['-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'null', '-'])
  const container = /Input #0, ([^,]+(?:,[^,]+)*?), from/.exec(log)?.[1] ?? ''
  const stream = /Stream #0:\d+[^:]*: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})/.exec(log)
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(log)
  const frames = [...log.matchAll(/frame=\s*(\d+)/g)].pop()?.[1]
  if (!stream || !duration) throw new Error('no video stream')
  const seconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
  return {
    container,
    codec: stream[1]!,
    width: Number(stream[2]),
    height: Number(stream[3]),
    durationSeconds: seconds,
    frames: frames ? Number(frames) : 0,
  }
}

function runFfmpeg(ffmpeg: string, args: string[], signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-nostdin', ...args], { signal })
    let log = ''
    child.stderr.on('data', (c: Buffer) => {
      log += c.toString()
      if (log.length > 200_000) log = log.slice(-100_000)
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(log) : reject(new Error(`ffmpeg exited with ${code}: ${log.slice(-300)}`)),
    )
  })
}
