import { CAMERA_MOVEMENTS } from '@parti/contract'
import { describe, expect, it } from 'vitest'
import { cameraMove, ease, lerpWindow, perspectiveExpressions, windowCorners } from './moves.ts'
import { videoSize } from './render.ts'

describe('camera moves (pure geometry)', () => {
  it.each(CAMERA_MOVEMENTS)('%s keeps the camera window inside the picture on every frame', (movement) => {
    for (const [w, h] of [
      [1280, 720],
      [720, 1280],
      [960, 720],
    ] as const) {
      const move = cameraMove(movement, w / h)
      for (let f = 0; f < 144; f++) {
        for (const [x, y] of windowCorners(lerpWindow(move, ease(f / 143)), w, h)) {
          expect(x).toBeGreaterThanOrEqual(-0.5)
          expect(y).toBeGreaterThanOrEqual(-0.5)
          expect(x).toBeLessThanOrEqual(w + 0.5)
          expect(y).toBeLessThanOrEqual(h + 0.5)
        }
      }
    }
  })

  it('eases in and out: no jump at either end, fastest in the middle', () => {
    expect(ease(0)).toBe(0)
    expect(ease(1)).toBeCloseTo(1, 10)
    const step = (t: number) => ease(t + 0.01) - ease(t)
    expect(step(0)).toBeLessThan(step(0.5) / 10)
    expect(step(0.99)).toBeLessThan(step(0.5) / 10)
  })

  it('writes eight per-frame corner expressions that start and end where the move says', () => {
    const move = cameraMove('pan_left', 16 / 9)
    const exprs = perspectiveExpressions(move, 1280, 720, 144)
    expect(exprs).toHaveLength(8)
    // evaluate the first x expression at on=0 and on=143 with a tiny stand-in for ffmpeg's evaluator
    const evaluate = (expr: string, on: number) =>
      Function('PI', 'cos', 'sin', 'on', `return ${expr}`)(Math.PI, Math.cos, Math.sin, on) as number
    const [start] = windowCorners(lerpWindow(move, 0), 1280, 720)
    const [end] = windowCorners(lerpWindow(move, 1), 1280, 720)
    expect(evaluate(exprs[0]!, 0)).toBeCloseTo(start![0], 3)
    expect(evaluate(exprs[0]!, 143)).toBeCloseTo(end![0], 3)
  })

  it.each([
    [1920, 1080, 1280, 720],
    [4000, 3000, 960, 720],
    [1000, 1000, 720, 720],
    [3000, 4000, 720, 960],
    [1080, 1920, 720, 1280],
    [5000, 1000, 1280, 548],
    [1000, 5000, 720, 1280],
  ])('a %i×%i picture becomes a %i×%i video (even sides, within 1280×720 or 720×1280)', (w, h, vw, vh) => {
    expect(videoSize(w, h)).toEqual({ width: vw, height: vh })
  })
})
