import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { CameraMovement, VideoDuration } from '@parti/contract'
import type { EngineContext, EngineOutput } from '../../types.ts'
import { runFfmpeg } from '../ffmpeg/run.ts'
import { decoded, inspectInput, openImage } from '../image-io.ts'
import { cameraMove, perspectiveExpressions } from './moves.ts'

const FPS = 24

export interface AnimateTask {
  input: Buffer
  duration: VideoDuration
  cameraMovement: CameraMovement
}

export interface AnimateOptions {
  ffmpeg: string
  /** an exact frame size instead of the 1280×720 class (tests use small frames to run quickly) */
  size?: { width: number; height: number }
}

/** Widest and tallest shapes a video keeps; a panorama or a tall strip is cropped to these. */
const MAX_ASPECT = 21 / 9
const MIN_ASPECT = 9 / 16

/** The frame size: the input's aspect within a 1280×720 box (720×1280 for portrait), even numbers for yuv420p. */
export function videoSize(width: number, height: number): { width: number; height: number } {
  const aspect = Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, width / height))
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2)
  if (aspect >= 1) {
    return aspect >= 16 / 9
      ? { width: 1280, height: even(1280 / aspect) }
      : { width: even(720 * aspect), height: 720 }
  }
  return aspect <= 9 / 16 ? { width: 720, height: 1280 } : { width: 720, height: even(720 / aspect) }
}

/**
 * An image becomes an H.264 camera move: the picture is decoded once, sent to ffmpeg as one raw frame, repeated
 * by the loop filter and moved by the perspective filter with per-frame corner expressions (sub-pixel, eased).
 * The first frame is also saved as the poster.
 */
export async function animate(
  task: AnimateTask,
  ctx: EngineContext,
  options: AnimateOptions,
): Promise<EngineOutput> {
  const info = await inspectInput(task.input, 'image')
  const size = options.size ?? videoSize(info.width, info.height)
  const { width, height } = size
  const frames = task.duration * FPS
  const raw = await decoded('image', () =>
    openImage(task.input)
      .resize(width, height, { fit: 'cover', kernel: 'lanczos3' })
      // the camera magnifies up to 1.4×: a touch of sharpening keeps the close-ups crisp
      .sharpen({ sigma: 0.6, m1: 0.6, m2: 1.2 })
      .removeAlpha()
      .raw()
      .toBuffer(),
  )
  ctx.reportProgress(0.05)
  await mkdir(ctx.tmpDir, { recursive: true })
  const videoPath = join(ctx.tmpDir, 'animate.mp4')
  const posterPath = join(ctx.tmpDir, 'animate-poster.jpg')
  const move = cameraMove(task.cameraMovement, width / height)
  const filters = [
    'scale=out_color_matrix=bt709:out_range=tv',
    'format=yuv420p',
    `loop=loop=${frames - 1}:size=1:start=0`,
    `setpts=N/${FPS}/TB`,
  ]
  if (task.cameraMovement !== 'static') {
    const [x0, y0, x1, y1, x2, y2, x3, y3] = perspectiveExpressions(move, width, height, frames)
    filters.push(
      `perspective=x0='${x0}':y0='${y0}':x1='${x1}':y1='${y1}':x2='${x2}':y2='${y2}':x3='${x3}':y3='${y3}':interpolation=linear:eval=frame`,
    )
  }
  filters.push('split=2[video][poster]')
  await runFfmpeg(options.ffmpeg, {
    signal: ctx.signal,
    stdin: raw,
    totalFrames: frames,
    onProgress: (f) => ctx.reportProgress(0.05 + 0.93 * f),
    args: [
      ...[
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-s',
        `${width}x${height}`,
        '-framerate',
        String(FPS),
        '-i',
        'pipe:0',
      ],
      ...['-filter_complex', `[0:v]${filters.join(',')}`],
      ...['-map', '[video]', '-frames:v', String(frames), '-r', String(FPS)],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-pix_fmt', 'yuv420p'],
      ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
      ...['-movflags', '+faststart', '-an', '-y', videoPath],
      ...['-map', '[poster]', '-frames:v', '1', '-q:v', '3', '-y', posterPath],
    ],
  })
  const [data, poster] = await Promise.all([readFile(videoPath), readFile(posterPath)])
  ctx.reportProgress(1)
  return {
    kind: 'video',
    data,
    contentType: 'video/mp4',
    width,
    height,
    durationSeconds: task.duration,
    frames,
    poster,
  }
}
