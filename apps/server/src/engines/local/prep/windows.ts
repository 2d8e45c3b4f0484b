import type { RawImage } from '../image-io.ts'
import type { Segment } from './geometry.ts'

// Windows of a facade as rectangles from the detector's segments (docs/decisions/0110-sky-and-dusk.md): two
// near-horizontal segments one above the other, sharing most of their width, with near-vertical segments
// along both sides between them; contained and overlapping candidates give way to the larger one.

export interface Rect {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** how far from level (or upright) a window's edge may be, degrees */
const MAX_SLANT = 12
/** a side must be covered by segments over this share of its length */
const MIN_SIDE_COVER = 0.85
/** the top and the bottom must share this share of the narrower one's width */
const MIN_OVERLAP = 0.75

const angleDeg = (s: Segment) => (Math.atan2(s.y2 - s.y1, s.x2 - s.x1) * 180) / Math.PI
const isLevel = (s: Segment) => {
  const a = Math.abs(angleDeg(s))
  return a <= MAX_SLANT || a >= 180 - MAX_SLANT
}
const isUpright = (s: Segment) => Math.abs(Math.abs(angleDeg(s)) - 90) <= MAX_SLANT

/** The share of [a, b] covered by the union of intervals. */
function cover(intervals: [number, number][], a: number, b: number): number {
  const parts = intervals
    .map(([p, q]) => [Math.max(a, Math.min(p, q)), Math.min(b, Math.max(p, q))] as [number, number])
    .filter(([p, q]) => q > p)
    .sort((u, v) => u[0] - v[0])
  let covered = 0
  let end = a
  for (const [p, q] of parts) {
    if (q <= end) continue
    covered += q - Math.max(p, end)
    end = q
  }
  return b > a ? covered / (b - a) : 0
}

/**
 * The windows among a picture's segments (in its own pixels). `excluded` says which pixels may not hold one
 * (the sky).
 */
export function findWindows(
  segments: Segment[],
  width: number,
  height: number,
  excluded?: (x: number, y: number) => boolean,
): Rect[] {
  const level = segments
    .filter(isLevel)
    .map((s) => ({ x0: Math.min(s.x1, s.x2), x1: Math.max(s.x1, s.x2), y: (s.y1 + s.y2) / 2 }))
  const upright = segments
    .filter(isUpright)
    .map((s) => ({ x: (s.x1 + s.x2) / 2, y0: Math.min(s.y1, s.y2), y1: Math.max(s.y1, s.y2) }))
  const candidates: (Rect & { score: number })[] = []
  for (const top of level)
    for (const bottom of level) {
      const h = bottom.y - top.y
      if (h < 0.03 * height || h > 0.5 * height) continue
      const x0 = Math.max(top.x0, bottom.x0)
      const x1 = Math.min(top.x1, bottom.x1)
      const w = x1 - x0
      if (w < 0.02 * width || w > 0.4 * width) continue
      if (w < MIN_OVERLAP * Math.min(top.x1 - top.x0, bottom.x1 - bottom.x0)) continue
      if (w / h > 4 || h / w > 4) continue
      const tol = Math.max(4, 0.06 * w)
      const side = (x: number) =>
        cover(
          upright.filter((v) => Math.abs(v.x - x) <= tol).map((v) => [v.y0, v.y1] as [number, number]),
          top.y,
          bottom.y,
        )
      const left = side(x0)
      const right = side(x1)
      if (left < MIN_SIDE_COVER || right < MIN_SIDE_COVER) continue
      // a level line across the middle means two windows one above the other, not one
      const split = level.some(
        (l) =>
          l.y > top.y + 0.15 * h &&
          l.y < bottom.y - 0.15 * h &&
          Math.min(l.x1, x1) - Math.max(l.x0, x0) > MIN_OVERLAP * w,
      )
      if (split) continue
      const cx = (x0 + x1) / 2
      const cy = (top.y + bottom.y) / 2
      if (excluded?.(cx, cy)) continue
      candidates.push({ x0, y0: top.y, x1, y1: bottom.y, score: (left + right) / 2 })
    }
  // the larger of two overlapping candidates stands (a window split by its mullion is one window)
  candidates.sort((a, b) => (b.x1 - b.x0) * (b.y1 - b.y0) - (a.x1 - a.x0) * (a.y1 - a.y0))
  const kept: Rect[] = []
  for (const r of candidates) {
    const area = (r.x1 - r.x0) * (r.y1 - r.y0)
    const clash = kept.some((k) => {
      const ix = Math.max(0, Math.min(r.x1, k.x1) - Math.max(r.x0, k.x0))
      const iy = Math.max(0, Math.min(r.y1, k.y1) - Math.max(r.y0, k.y0))
      return ix * iy > 0.3 * area
    })
    if (!clash) kept.push({ x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1 })
  }
  return kept
}

/**
 * The windows lit warm from inside: the glass inside each frame turned to lamp light, brighter where the glass
 * was brighter, with a faint glow spilling a few pixels out. In place.
 */
export function lightWindows(img: RawImage, windows: Rect[]): void {
  const { width: W, height: H, channels: c } = img
  const warm = [255, 190, 112]
  for (const r of windows) {
    const inset = 0.08 * Math.min(r.x1 - r.x0, r.y1 - r.y0)
    const x0 = Math.max(0, Math.round(r.x0 + inset))
    const x1 = Math.min(W, Math.round(r.x1 - inset))
    const y0 = Math.max(0, Math.round(r.y0 + inset))
    const y1 = Math.min(H, Math.round(r.y1 - inset))
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        const i = (y * W + x) * c
        const l = (0.2126 * img.data[i]! + 0.7152 * img.data[i + 1]! + 0.0722 * img.data[i + 2]!) / 255
        // brighter towards the lower middle, as a room lit by a lamp
        const v = (y - y0) / Math.max(1, y1 - y0)
        const lamp = 0.7 + 0.3 * Math.sin(Math.PI * Math.min(1, v * 1.2))
        for (let ch = 0; ch < 3; ch++) {
          const lit = warm[ch]! * lamp * (0.75 + 0.25 * l)
          img.data[i + ch] = Math.round(img.data[i + ch]! * 0.15 + Math.min(255, lit) * 0.85)
        }
      }
  }
}
