import { execFile } from 'node:child_process'
import { accessSync, constants, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

type FfmpegSource = 'FFMPEG_PATH' | 'PATH' | '@ffmpeg-installer/ffmpeg' | 'option'

export interface FfmpegCandidate {
  path: string
  source: FfmpegSource
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** The binary @ffmpeg-installer/ffmpeg ships for this platform (a 2018 static build with libx264), if installed. */
function installerPath(): string | null {
  try {
    const require = createRequire(import.meta.url)
    const found = (require('@ffmpeg-installer/ffmpeg') as { path?: string }).path
    return found && isExecutable(found) ? found : null
  } catch {
    return null
  }
}

function onPath(env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue
    const path = join(dir, process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg')
    if (isExecutable(path)) return path
  }
  return null
}

/**
 * Where ffmpeg may be, in order of preference: FFMPEG_PATH (the operator's explicit choice), a system ffmpeg on
 * PATH (newer, faster), then the binary the npm package ships, so `npm install` alone is enough.
 */
export function ffmpegCandidates(env: NodeJS.ProcessEnv = process.env): FfmpegCandidate[] {
  const out: FfmpegCandidate[] = []
  if (env.FFMPEG_PATH) out.push({ path: env.FFMPEG_PATH, source: 'FFMPEG_PATH' })
  const system = onPath(env)
  if (system) out.push({ path: system, source: 'PATH' })
  const shipped = installerPath()
  if (shipped) out.push({ path: shipped, source: '@ffmpeg-installer/ffmpeg' })
  return out
}

/** The first ffmpeg that exists and is executable, or null. Use checkFfmpeg to know it can make our videos. */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): string | null {
  return ffmpegCandidates(env).find((c) => isExecutable(c.path))?.path ?? null
}

/** Runs the binary and checks it has what the camera moves need: libx264 and the perspective filter. */
async function checkFfmpeg(candidate: FfmpegCandidate): Promise<void> {
  const where = `${candidate.path} (from ${candidate.source})`
  if (!isExecutable(candidate.path)) throw new Error(`ffmpeg at ${where} does not exist or is not executable`)
  let encoders: string
  let filters: string
  try {
    encoders = (await run(candidate.path, ['-hide_banner', '-encoders'], { timeout: 15_000 })).stdout
    filters = (await run(candidate.path, ['-hide_banner', '-filters'], { timeout: 15_000 })).stdout
  } catch (error) {
    throw new Error(
      `ffmpeg at ${where} does not run: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  if (!/\blibx264\b/.test(encoders))
    throw new Error(`ffmpeg at ${where} has no libx264 encoder (H.264 video needs it)`)
  for (const filter of ['perspective', 'loop', 'scale']) {
    if (!new RegExp(`\\b${filter}\\b`).test(filters))
      throw new Error(`ffmpeg at ${where} lacks the ${filter} filter`)
  }
}

/**
 * Picks the ffmpeg to use and proves it works. An explicit choice (option or FFMPEG_PATH) that fails is an error,
 * never silently replaced; otherwise the first working candidate wins.
 */
export async function resolveFfmpeg(
  explicit?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  if (explicit) {
    await checkFfmpeg({ path: explicit, source: 'option' })
    return explicit
  }
  const candidates = ffmpegCandidates(env)
  if (candidates.length === 0) {
    throw new Error(
      'No ffmpeg found for the local engine: set FFMPEG_PATH, install ffmpeg (e.g. apt-get install ffmpeg), or run npm install so @ffmpeg-installer/ffmpeg provides one',
    )
  }
  const problems: string[] = []
  for (const candidate of candidates) {
    try {
      await checkFfmpeg(candidate)
      return candidate.path
    } catch (error) {
      if (candidate.source === 'FFMPEG_PATH') throw error
      problems.push(error instanceof Error ? error.message : String(error))
    }
  }
  throw new Error(`No working ffmpeg for the local engine: ${problems.join('; ')}`)
}
