import { spawn } from 'node:child_process'
import { cancelled } from '../errors.ts'

export interface FfmpegJob {
  args: string[]
  signal: AbortSignal
  /** bytes written to ffmpeg's stdin (e.g. a raw frame), or nothing */
  stdin?: Buffer
  /** frames the output will have, to turn ffmpeg's progress into a fraction */
  totalFrames?: number
  onProgress?: (fraction: number) => void
  timeoutMs?: number
}

/**
 * Runs ffmpeg with `-progress pipe:1`, reporting the frame count as it encodes. On abort the process is killed
 * at once and the run fails with EngineError('cancelled'); a non-zero exit fails with the tail of stderr.
 */
export function runFfmpeg(ffmpeg: string, job: FfmpegJob): Promise<void> {
  if (job.signal.aborted) return Promise.reject(cancelled())
  const args = [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'error',
    '-progress',
    'pipe:1',
    ...job.args,
  ]
  if (job.stdin) args.splice(args.indexOf('-nostdin'), 1)
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: [job.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] })
    let stderr = ''
    let pending = ''
    let settled = false
    const finish = (error?: unknown) => {
      if (settled) return
      settled = true
      job.signal.removeEventListener('abort', onAbort)
      clearTimeout(timer)
      if (error) reject(error)
      else resolve()
    }
    const onAbort = () => {
      child.kill('SIGKILL')
      finish(cancelled())
    }
    job.signal.addEventListener('abort', onAbort, { once: true })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      finish(new Error(`ffmpeg took longer than ${job.timeoutMs} ms`))
    }, job.timeoutMs ?? 120_000)
    child.stdout!.setEncoding('utf8')
    child.stdout!.on('data', (chunk: string) => {
      pending += chunk
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        const m = /^frame=(\d+)/.exec(line)
        if (m && job.totalFrames && job.onProgress)
          job.onProgress(Math.min(1, Number(m[1]) / job.totalFrames))
      }
    })
    child.stderr!.setEncoding('utf8')
    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000)
    })
    child.on('error', (error) => finish(error))
    child.on('close', (code, signal) => {
      if (code === 0) finish()
      else finish(new Error(`ffmpeg exited with ${code ?? signal}: ${stderr.trim().slice(-1500)}`))
    })
    if (job.stdin && child.stdin) {
      // ffmpeg may exit (error, abort) before reading everything: a broken pipe is then expected, not a crash
      child.stdin.on('error', () => {})
      child.stdin.end(job.stdin)
    }
  })
}
