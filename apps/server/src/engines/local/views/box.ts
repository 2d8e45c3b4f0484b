import { mix, type Rgb, scale } from '../color.ts'
import type { RawImage } from '../image-io.ts'
import type { Quad } from './canvas.ts'

// The elevation as the face of a box in perspective (docs/decisions/0063-local-multi-angle-honesty.md): the
// drawn face is warped with the drawing on it; a face the drawing does not show is a plain wall or roof plane,
// hatched, the way an architect marks what is not designed yet. A draft that reads as the view, and says so.

export interface Face {
  image: RawImage
  /** the drawn subject's coverage, 0..255 (null: the whole picture) */
  alpha: Uint8Array | null
}

/** Where the drawn face's wall stops at its left or right edge (the eave), as a share of its height from the top. */
export function eaveShare(face: Face, side: 'left' | 'right'): number {
  const { width, height } = face.image
  if (!face.alpha) return 0
  const from = side === 'right' ? Math.floor(width * 0.94) : Math.floor(width * 0.02)
  const to = from + Math.ceil(width * 0.04)
  for (let y = 0; y < height; y++) {
    let covered = 0
    for (let x = from; x < to; x++) if (face.alpha[y * width + x]! > 128) covered++
    if (covered > (to - from) * 0.5) return y / height
  }
  return 0
}

/** The mean colour of the subject in a band of rows (a share of the height), lines and paper left out. */
export function faceColour(face: Face, y0: number, y1: number, keepDark = false): Rgb {
  const { width, height, data } = face.image
  const sum = [0, 0, 0]
  let n = 0
  for (let y = Math.floor(y0 * height); y < Math.floor(y1 * height); y += 2) {
    for (let x = 0; x < width; x += 2) {
      const i = y * width + x
      if (face.alpha && face.alpha[i]! < 200) continue
      const o = i * 3
      const r = data[o]!
      const g = data[o + 1]!
      const b = data[o + 2]!
      // leave the drawing's lines out: they would darken a plain face
      if (!keepDark && r + g + b < 150) continue
      sum[0]! += r
      sum[1]! += g
      sum[2]! += b
      n++
    }
  }
  return n ? [sum[0]! / n, sum[1]! / n, sum[2]! / n] : [200, 196, 188]
}

/**
 * Paints a plain face in place: its colour shaded by `light` (1 = as drawn), diagonal hatching and an outline
 * in the drawing's line colour, anti-aliased at its edges.
 */
export function paintFace(canvas: RawImage, quad: Quad, colour: Rgb, light: number): void {
  const { width: W, height: H, data } = canvas
  const fill = scale(colour, light)
  const hatch = mix(fill, [40, 40, 44], 0.35)
  const xs = quad.map((p) => p[0])
  const ys = quad.map((p) => p[1])
  const x0 = Math.max(0, Math.floor(Math.min(...xs)))
  const x1 = Math.min(W - 1, Math.ceil(Math.max(...xs)))
  const y0 = Math.max(0, Math.floor(Math.min(...ys)))
  const y1 = Math.min(H - 1, Math.ceil(Math.max(...ys)))
  const step = Math.max(10, Math.round(W / 90))
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const d = insideDistance(quad, x + 0.5, y + 0.5)
      if (d <= -0.5) continue
      const cover = Math.min(1, d + 0.5)
      const u = (((x + y) % step) + step) % step
      let c: Rgb = u < 1.5 ? hatch : fill
      // the outline: a line along every edge of the face
      if (d < 2) c = mix(c, [34, 34, 38], 0.85)
      const o = (y * W + x) * 3
      data[o] = data[o]! + (c[0] - data[o]!) * cover
      data[o + 1] = data[o + 1]! + (c[1] - data[o + 1]!) * cover
      data[o + 2] = data[o + 2]! + (c[2] - data[o + 2]!) * cover
    }
  }
}

/** Signed distance to the nearest edge of a convex quad: positive inside. */
function insideDistance(q: Quad, x: number, y: number): number {
  let best = Number.POSITIVE_INFINITY
  // the quad's winding decides which side of each edge is inside
  const area = q.reduce((s, p, i) => {
    const n = q[(i + 1) % 4]!
    return s + (p[0] * n[1] - n[0] * p[1])
  }, 0)
  const sign = area > 0 ? 1 : -1
  for (let i = 0; i < 4; i++) {
    const a = q[i]!
    const b = q[(i + 1) % 4]!
    const ex = b[0] - a[0]
    const ey = b[1] - a[1]
    const len = Math.hypot(ex, ey) || 1
    const d = (sign * (ex * (y - a[1]) - ey * (x - a[0]))) / len
    if (d < best) best = d
  }
  return best
}
