// The geometry of straightening a photo (docs/decisions/0101-straighten-verticals.md): pure functions on
// segments and 3×3 matrices, no pixels. Coordinates are pixels of the picture, x right, y down.

export interface Segment {
  x1: number
  y1: number
  x2: number
  y2: number
}
export type Vec3 = [number, number, number]
/** row-major 3×3 */
export type Mat3 = [number, number, number, number, number, number, number, number, number]

/** Segments leaning less than this from upright can be a building's verticals seen by a tilted camera. */
const MAX_VERTICAL_LEAN_DEG = 25
/** A segment agrees with a vanishing point when it points at it within this angle. */
const INLIER_DEG = 1.5

const lengthOf = (s: Segment) => Math.hypot(s.x2 - s.x1, s.y2 - s.y1)

/** How far a segment leans from upright, in degrees (0–90). */
function leanDeg(s: Segment): number {
  return (Math.atan2(Math.abs(s.x2 - s.x1), Math.abs(s.y2 - s.y1)) * 180) / Math.PI
}

/** The near-upright segments: candidates for the building's verticals. */
export function nearVertical(segments: Segment[]): Segment[] {
  return segments.filter((s) => leanDeg(s) <= MAX_VERTICAL_LEAN_DEG)
}

/** Length-weighted mean lean from upright of the segments, in degrees: 0 when every one is upright. */
export function meanLeanDeg(segments: Segment[]): number {
  let sum = 0
  let weight = 0
  for (const s of segments) {
    const w = lengthOf(s)
    sum += w * leanDeg(s)
    weight += w
  }
  return weight ? sum / weight : 0
}

const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]

/** The angle between a segment and the direction from its middle to a (homogeneous) point, in degrees. */
function angleToPoint(s: Segment, v: Vec3): number {
  const mx = (s.x1 + s.x2) / 2
  const my = (s.y1 + s.y2) / 2
  const dx = s.x2 - s.x1
  const dy = s.y2 - s.y1
  const px = v[0] - mx * v[2]
  const py = v[1] - my * v[2]
  const c = Math.abs(dx * py - dy * px)
  const d = Math.abs(dx * px + dy * py)
  return (Math.atan2(c, d) * 180) / Math.PI
}

export interface VanishingPoint {
  /** homogeneous, in pixels; w = 0 when the verticals are parallel */
  point: Vec3
  /** the segments that point at it */
  inliers: Segment[]
}

/**
 * The vertical vanishing point: where the building's verticals meet (far below or above the picture when the
 * camera was tilted, at infinity when it was level). Every pair of the longest near-upright segments proposes
 * one, the proposal most segment length points at wins, and the inliers refine it by least squares. Null when
 * fewer than two segments agree.
 */
export function verticalVanishingPoint(
  segments: Segment[],
  width: number,
  height: number,
): VanishingPoint | null {
  return vanishingPointOf(nearVertical(segments), width, height)
}

/** Segments leaning between these from level can be a floor's or a wall's receding lines (joints, skirting). */
const RECEDING_DEG = [10, 80] as const

/**
 * The vanishing point of a surface's receding lines (docs/decisions/0120-repaint-materials.md): the same search
 * as the verticals', on the oblique segments `near` accepts (those along the surface's edge and on it). For a
 * level camera its height is the horizon; null when fewer than two segments agree.
 */
export function recedingVanishingPoint(
  segments: Segment[],
  near: (s: Segment) => boolean,
  width: number,
  height: number,
): VanishingPoint | null {
  const oblique = segments.filter((s) => {
    const level = 90 - leanDeg(s)
    return level >= RECEDING_DEG[0] && level <= RECEDING_DEG[1] && near(s)
  })
  return vanishingPointOf(oblique, width, height)
}

/**
 * Where most of these segments meet: every pair of the longest proposes a point, the one most segment length
 * points at wins, and its inliers refine it by least squares.
 */
function vanishingPointOf(segments: Segment[], width: number, height: number): VanishingPoint | null {
  const candidates = [...segments].sort((a, b) => lengthOf(b) - lengthOf(a)).slice(0, 40)
  if (candidates.length < 2) return null
  // normalised coordinates keep the least squares well conditioned
  const s = Math.max(width, height) / 2
  const cx = width / 2
  const cy = height / 2
  const lineOf = (g: Segment): Vec3 => {
    const l = cross([(g.x1 - cx) / s, (g.y1 - cy) / s, 1], [(g.x2 - cx) / s, (g.y2 - cy) / s, 1])
    const n = Math.hypot(l[0], l[1]) || 1
    return [l[0] / n, l[1] / n, l[2] / n]
  }
  const toPixels = (v: Vec3): Vec3 => [v[0] * s + cx * v[2], v[1] * s + cy * v[2], v[2]]
  const lines = candidates.map(lineOf)
  let best: { v: Vec3; score: number } | null = null
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const v = toPixels(cross(lines[i]!, lines[j]!))
      if (!v.some((x) => x !== 0)) continue
      let score = 0
      for (const g of candidates) if (angleToPoint(g, v) <= INLIER_DEG) score += lengthOf(g)
      if (!best || score > best.score) best = { v, score }
    }
  }
  if (!best) return null
  const inliers = candidates.filter((g) => angleToPoint(g, best.v) <= INLIER_DEG)
  if (inliers.length < 2) return null
  // least squares: the point closest to every inlier's line, weighted by length (smallest eigenvector)
  const m = [0, 0, 0, 0, 0, 0, 0, 0, 0]
  for (const g of inliers) {
    const l = lineOf(g)
    const w = lengthOf(g)
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[r * 3 + c]! += w * l[r]! * l[c]!
  }
  const refined = toPixels(smallestEigenvector(m as Mat3))
  return { point: refined, inliers: inliers.filter((g) => angleToPoint(g, refined) <= INLIER_DEG * 2) }
}

/** The eigenvector of a symmetric 3×3 matrix with the smallest eigenvalue (Jacobi rotations). */
function smallestEigenvector(a: Mat3): Vec3 {
  const m = [...a]
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1]
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const apq = m[p * 3 + q]!
      off += Math.abs(apq)
      if (Math.abs(apq) < 1e-15) continue
      const theta = (m[q * 3 + q]! - m[p * 3 + p]!) / (2 * apq)
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1))
      const c = 1 / Math.sqrt(t * t + 1)
      const s = t * c
      for (let k = 0; k < 3; k++) {
        const mkp = m[k * 3 + p]!
        const mkq = m[k * 3 + q]!
        m[k * 3 + p] = c * mkp - s * mkq
        m[k * 3 + q] = s * mkp + c * mkq
      }
      for (let k = 0; k < 3; k++) {
        const mpk = m[p * 3 + k]!
        const mqk = m[q * 3 + k]!
        m[p * 3 + k] = c * mpk - s * mqk
        m[q * 3 + k] = s * mpk + c * mqk
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k * 3 + p]!
        const vkq = v[k * 3 + q]!
        v[k * 3 + p] = c * vkp - s * vkq
        v[k * 3 + q] = s * vkp + c * vkq
      }
    }
    if (off < 1e-14) break
  }
  const i = [0, 1, 2].reduce((b, k) => (m[k * 4]! < m[b * 4]! ? k : b), 0)
  return [v[i]!, v[3 + i]!, v[6 + i]!]
}

export const multiply = (a: Mat3, b: Mat3): Mat3 => {
  const r: number[] = []
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      r.push(a[i * 3]! * b[j]! + a[i * 3 + 1]! * b[3 + j]! + a[i * 3 + 2]! * b[6 + j]!)
  return r as Mat3
}

export function apply(h: Mat3, x: number, y: number): [number, number, number] {
  return [h[0] * x + h[1] * y + h[2], h[3] * x + h[4] * y + h[5], h[6] * x + h[7] * y + h[8]]
}

export function mapSegment(h: Mat3, s: Segment): Segment {
  const a = apply(h, s.x1, s.y1)
  const b = apply(h, s.x2, s.y2)
  return { x1: a[0] / a[2], y1: a[1] / a[2], x2: b[0] / b[2], y2: b[1] / b[2] }
}

/** The focal length assumed, as a share of the picture's diagonal: a phone's main camera (26 mm equivalent). */
export const FOCAL_OF_DIAGONAL = 26 / 43.27

export interface Upright {
  /** maps the photo's pixels to the corrected plane's */
  homography: Mat3
  /** the camera's tilt that was undone, degrees (positive: it looked up, the verticals met above) */
  pitchDeg: number
  /** the lean of the verticals that was undone, degrees (positive: their lower ends were to the right) */
  rollDeg: number
}

/**
 * Turn the camera, virtually, until the vanishing point of the verticals is at infinity straight down: two-point
 * perspective, as a shift lens gives. H = K·R·K⁻¹ with R the smallest rotation taking the verticals' direction
 * to the picture's vertical: it undoes the tilt and the roll together, and leaves the verticals exactly
 * vertical whatever the focal length (which only sets how much the top is widened).
 */
export function uprightHomography(vp: Vec3, width: number, height: number): Upright {
  const f = FOCAL_OF_DIAGONAL * Math.hypot(width, height)
  const cx = width / 2
  const cy = height / 2
  let d: Vec3 = [(vp[0] - cx * vp[2]) / f, (vp[1] - cy * vp[2]) / f, vp[2]]
  const n = Math.hypot(...d)
  d = [d[0] / n, d[1] / n, d[2] / n]
  if (d[1] < 0) d = [-d[0], -d[1], -d[2]]
  // Rodrigues with a = d × ŷ = (-dz, 0, dx), |a| = sin, d·ŷ = cos
  const [ax, ay, az] = [-d[2], 0, d[0]]
  const k = 1 / (1 + d[1])
  const A: Mat3 = [0, -az, ay, az, 0, -ax, -ay, ax, 0]
  const A2 = multiply(A, A)
  const R = [1, 0, 0, 0, 1, 0, 0, 0, 1].map((x, i) => x + A[i]! + k * A2[i]!) as Mat3
  const K: Mat3 = [f, 0, cx, 0, f, cy, 0, 0, 1]
  const Kinv: Mat3 = [1 / f, 0, -cx / f, 0, 1 / f, -cy / f, 0, 0, 1]
  // d points down the verticals: its z is negative when they meet above the picture (the camera looked up)
  const pitchDeg = (-Math.asin(Math.max(-1, Math.min(1, d[2]))) * 180) / Math.PI
  const rollDeg = (Math.atan2(d[0], d[1]) * 180) / Math.PI
  return { homography: multiply(K, multiply(R, Kinv)), pitchDeg, rollDeg }
}

/**
 * The largest upright rectangle inside a convex quadrilateral (the corrected photo's outline), as
 * [left, top, right, bottom]. A convex outline's left edge is a convex function of y and its right edge a
 * concave one, so the widest span shared by all rows from t to b is set by rows t and b alone: a search over
 * pairs of rows finds it.
 */
export function largestInnerRect(quad: [number, number][]): [number, number, number, number] {
  const ys = quad.map((p) => p[1])
  const y0 = Math.min(...ys)
  const y1 = Math.max(...ys)
  const span = (y: number): [number, number] | null => {
    const xs: number[] = []
    for (let i = 0; i < quad.length; i++) {
      const [ax, ay] = quad[i]!
      const [bx, by] = quad[(i + 1) % quad.length]!
      if ((y < Math.min(ay, by) || y > Math.max(ay, by)) && !(ay === by && y === ay)) continue
      if (ay === by) xs.push(ax, bx)
      else xs.push(ax + ((y - ay) / (by - ay)) * (bx - ax))
    }
    return xs.length ? [Math.min(...xs), Math.max(...xs)] : null
  }
  const N = 160
  const rows: { y: number; s: [number, number] | null }[] = []
  for (let i = 0; i <= N; i++) {
    const y = y0 + ((y1 - y0) * i) / N
    rows.push({ y, s: span(y) })
  }
  let best: [number, number, number, number] = [0, 0, 0, 0]
  let bestArea = 0
  for (let i = 0; i <= N; i++) {
    const a = rows[i]!
    if (!a.s) continue
    for (let j = i + 1; j <= N; j++) {
      const b = rows[j]!
      if (!b.s) continue
      const l = Math.max(a.s[0], b.s[0])
      const r = Math.min(a.s[1], b.s[1])
      const area = (r - l) * (b.y - a.y)
      if (r > l && area > bestArea) {
        bestArea = area
        best = [l, a.y, r, b.y]
      }
    }
  }
  return best
}
