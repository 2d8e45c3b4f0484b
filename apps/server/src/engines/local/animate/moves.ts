import type { CameraMovement } from '@parti/contract'

/**
 * The part of the picture the camera sees, as fractions of the picture: centre, size (1 = all of it), the
 * window's rotation in radians (the picture appears to turn the other way) and a horizontal keystone (yaw) that
 * makes one side of the window taller than the other, as when the camera swings around the subject.
 */
export interface CameraWindow {
  cx: number
  cy: number
  size: number
  angle: number
  yaw: number
}

export interface CameraMove {
  from: CameraWindow
  to: CameraWindow
}

const CENTRE: CameraWindow = { cx: 0.5, cy: 0.5, size: 1, angle: 0, yaw: 0 }
const DEG = Math.PI / 180

/** Largest window (as a fraction of the picture) that still fits inside it when turned by `angle`. */
function sizeThatFits(angle: number, aspect: number): number {
  const c = Math.cos(Math.abs(angle))
  const s = Math.sin(Math.abs(angle))
  // width and height of the turned window must both stay inside the picture
  return Math.min(1 / (c + s / aspect), 1 / (c + s * aspect))
}

/**
 * Every movement as a start and end window, eased between. Names say how the picture moves on screen:
 * pan_left slides the content from right to left, rotate_clockwise turns it clockwise, zoom_in enlarges it.
 */
export function cameraMove(movement: CameraMovement, aspect: number): CameraMove {
  const at = (w: Partial<CameraWindow>): CameraWindow => ({ ...CENTRE, ...w })
  const panSize = 0.84
  const travel = (1 - panSize) / 2
  const turn = 6 * DEG
  switch (movement) {
    case 'static':
      return { from: CENTRE, to: CENTRE }
    case 'zoom_in':
      return { from: at({}), to: at({ size: 0.8 }) }
    case 'zoom_out':
      return { from: at({ size: 0.8 }), to: at({}) }
    case 'pan_left':
      return { from: at({ size: panSize, cx: 0.5 - travel }), to: at({ size: panSize, cx: 0.5 + travel }) }
    case 'pan_right':
      return { from: at({ size: panSize, cx: 0.5 + travel }), to: at({ size: panSize, cx: 0.5 - travel }) }
    case 'pan_up':
      return { from: at({ size: panSize, cy: 0.5 - travel }), to: at({ size: panSize, cy: 0.5 + travel }) }
    case 'pan_down':
      return { from: at({ size: panSize, cy: 0.5 + travel }), to: at({ size: panSize, cy: 0.5 - travel }) }
    case 'rotate_clockwise':
      return { from: at({}), to: at({ angle: -turn, size: sizeThatFits(turn, aspect) * 0.97 }) }
    case 'rotate_counter':
      return { from: at({}), to: at({ angle: turn, size: sizeThatFits(turn, aspect) * 0.97 }) }
    case 'dolly_in':
      // a push toward the lower middle, where a visitor walks: deeper than a zoom and drifting down
      return { from: at({}), to: at({ size: 0.7, cy: 0.54 }) }
    case 'dolly_out':
      return { from: at({ size: 0.7, cy: 0.54 }), to: at({}) }
    case 'orbit':
      // swing around the subject: the window drifts sideways while its far side shortens, with a slight bank
      return {
        from: at({ size: 0.8, cx: 0.44, yaw: 0.07, angle: 1.2 * DEG }),
        to: at({ size: 0.8, cx: 0.56, yaw: -0.07, angle: -1.2 * DEG }),
      }
  }
}

export type Corner = [number, number]

/** The window's four corners in picture pixels, in ffmpeg perspective order: top-left, top-right, bottom-left, bottom-right. */
export function windowCorners(
  w: CameraWindow,
  width: number,
  height: number,
): [Corner, Corner, Corner, Corner] {
  const corner = (u: number, v: number): Corner => {
    const hw = (w.size * width) / 2
    const hh = ((w.size * height) / 2) * (1 + w.yaw * u)
    const dx = u * hw
    const dy = v * hh
    const c = Math.cos(w.angle)
    const s = Math.sin(w.angle)
    return [w.cx * width + dx * c - dy * s, w.cy * height + dx * s + dy * c]
  }
  return [corner(-1, -1), corner(1, -1), corner(-1, 1), corner(1, 1)]
}

export function lerpWindow(move: CameraMove, t: number): CameraWindow {
  const l = (a: number, b: number) => a + (b - a) * t
  const { from, to } = move
  return {
    cx: l(from.cx, to.cx),
    cy: l(from.cy, to.cy),
    size: l(from.size, to.size),
    angle: l(from.angle, to.angle),
    yaw: l(from.yaw, to.yaw),
  }
}

/** Ease in and out (half a cosine): the camera starts and stops gently, no jolt on the first or last frame. */
export function ease(t: number): number {
  return (1 - Math.cos(Math.PI * t)) / 2
}

/**
 * The ffmpeg `perspective` corner expressions (sense=source, evaluated per frame) for a move over `frames`
 * frames. Each corner is a closed-form function of the eased time, so motion is sub-pixel smooth: no integer crop.
 */
export function perspectiveExpressions(
  move: CameraMove,
  width: number,
  height: number,
  frames: number,
): string[] {
  const e = `((1-cos(PI*on/${Math.max(1, frames - 1)}))/2)`
  const lin = (a: number, b: number) => (Math.abs(b - a) < 1e-9 ? num(a) : `(${num(a)}+${num(b - a)}*${e})`)
  const { from, to } = move
  const cx = `${lin(from.cx * width, to.cx * width)}`
  const cy = `${lin(from.cy * height, to.cy * height)}`
  const hw = lin((from.size * width) / 2, (to.size * width) / 2)
  const hh = lin((from.size * height) / 2, (to.size * height) / 2)
  const yaw = lin(from.yaw, to.yaw)
  const angle = lin(from.angle, to.angle)
  const rotates = from.angle !== 0 || to.angle !== 0
  const out: string[] = []
  for (const [u, v] of [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ] as const) {
    const dx = `(${u}*${hw})`
    const dy = `(${v}*${hh}*(1+${yaw}*${u}))`
    if (rotates) {
      out.push(
        `${cx}+${dx}*cos(${angle})-${dy}*sin(${angle})`,
        `${cy}+${dx}*sin(${angle})+${dy}*cos(${angle})`,
      )
    } else {
      out.push(`${cx}+${dx}`, `${cy}+${dy}`)
    }
  }
  return out
}

function num(n: number): string {
  const s = Number(n.toFixed(6)).toString()
  return n < 0 ? `(${s})` : s
}
