import {
  ciede2000,
  type Lab,
  labToSrgb,
  type MaterialId,
  materialAlbedo,
  materialLab,
  materialOf,
  srgbToLab,
} from '@parti/contract'
import { detectSegments } from '../../../lib/line-segments.ts'
import type { RawImage } from '../image-io.ts'
import { FOCAL_OF_DIAGONAL, recedingVanishingPoint, type Segment } from './geometry.ts'
import {
  LIN,
  linToOklab,
  type Repainted,
  type Surface,
  type SurfaceKind,
  surfaceKind,
  toByte,
  writeSurface,
} from './repaint.ts'

// A material laid on a floor or a wall (docs/decisions/0120-repaint-materials.md): the surface the click picks
// (as for a colour), a plane for it — a floor recedes to the horizon its edges' vanishing point gives, a wall is
// taken flat — the library's procedural texture in metres on that plane, times the light each pixel had.
// Measured on the result as a colour is: ΔE00 of the surface's mean against the material's base colour, and the
// pixels outside it that changed.

/** the camera's height above a floor, metres: a listing photographer's tripod */
export const CAMERA_HEIGHT = 1.4
/** a wall's height, metres: what sets the size of its bricks or tiles */
const WALL_HEIGHT = 2.5

/**
 * How the plane was found: from the vanishing point of its receding lines (a floor, or a wall seen at an angle),
 * assumed from a level camera (a floor whose lines do not agree: horizon at mid-height), or flat (a wall facing
 * the camera, a ceiling).
 */
type Perspective = 'vanishing_point' | 'assumed_level' | 'flat'

export interface Plane {
  kind: SurfaceKind
  perspective: Perspective
  /** the horizon's row and the column receding lines meet at, in pixels of the image (null when flat) */
  horizon: number | null
  vanishX: number | null
  /** (u, v) on the surface in metres at the centre of pixel (x, y), and the pixel's size there (fu, fv) */
  at(x: number, y: number, out: Float64Array): void
}

/** The rows and columns the surface spans (pixels with mask ≥ `min`). */
function bounds(surface: Surface, min = 128) {
  const { mask, width, height } = surface
  let top = height
  let bottom = -1
  let left = width
  let right = -1
  for (let y = 0; y < height; y++)
    for (let x = 0, p = y * width; x < width; x++, p++)
      if (mask[p]! >= min) {
        if (y < top) top = y
        bottom = y
        if (x < left) left = x
        if (x > right) right = x
      }
  return { top, bottom, left, right }
}

/** A predicate: does a segment's middle lie on the surface or along its edge (within a cell of a coarse grid)? */
function nearSurface(surface: Surface) {
  const { width, height } = surface
  const cell = Math.max(4, Math.round(Math.max(width, height) / 64))
  const gw = Math.ceil(width / cell)
  const gh = Math.ceil(height / cell)
  const grid = new Uint8Array(gw * gh)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (surface.mask[y * width + x]! >= 128) grid[((y / cell) | 0) * gw + ((x / cell) | 0)] = 1
  return (s: Segment) => {
    const cx = Math.floor((s.x1 + s.x2) / 2 / cell)
    const cy = Math.floor((s.y1 + s.y2) / 2 / cell)
    for (let j = cy - 1; j <= cy + 1; j++)
      for (let i = cx - 1; i <= cx + 1; i++)
        if (i >= 0 && j >= 0 && i < gw && j < gh && grid[j * gw + i]) return true
    return false
  }
}

/** The finite point most of the surface's oblique segments meet at, or null. */
function vanishingOf(surface: Surface, segments: Segment[] | null): { x: number; y: number } | null {
  if (!segments) return null
  const vp = recedingVanishingPoint(segments, nearSurface(surface), surface.width, surface.height)
  if (!vp || Math.abs(vp.point[2]) < 1e-9) return null
  return { x: vp.point[0] / vp.point[2], y: vp.point[1] / vp.point[2] }
}

/**
 * The plane a material is laid on. `segments` are M-LSD's in pixels of the image (null: none found). Pure, so a
 * test can hand it the lines it wants.
 */
export function planeOf(surface: Surface, segments: Segment[] | null): Plane {
  const kind = surfaceKind(surface)
  return kind === 'floor' ? floorPlane(surface, segments) : wallPlane(surface, kind, segments)
}

/**
 * A floor seen by a level camera: depth Z = f·h / (y − horizon), across X = (x − vanishX)·h / (y − horizon), the
 * horizon from the vanishing point of its receding lines, or a level camera's when none agree.
 */
function floorPlane(surface: Surface, segments: Segment[] | null): Plane {
  const { width, height } = surface
  const b = bounds(surface)
  const vp = vanishingOf(surface, segments)
  let horizon = Math.min(height / 2, b.top - 0.08 * height)
  let vanishX = width / 2
  let perspective: Perspective = 'assumed_level'
  // a horizon above the floor and not absurdly far: a floor's lines meet there
  if (vp && vp.y < b.top - 0.02 * height && vp.y > -height && vp.x > -width && vp.x < 2 * width) {
    horizon = vp.y
    vanishX = vp.x
    perspective = 'vanishing_point'
  }
  const f = FOCAL_OF_DIAGONAL * Math.hypot(width, height)
  const h = CAMERA_HEIGHT
  return {
    kind: 'floor',
    perspective,
    horizon,
    vanishX,
    at(x, y, out) {
      const d = Math.max(1, y + 0.5 - horizon)
      const dx = x + 0.5 - vanishX
      out[0] = (dx * h) / d
      out[1] = (f * h) / d
      out[2] = (h / d) * Math.sqrt(1 + (dx / d) ** 2)
      out[3] = (f * h) / (d * d)
    },
  }
}

/**
 * A wall (or ceiling). One that recedes sideways — its top and bottom edges meet at a point beside it — follows
 * those lines: a level camera sees a vertical plane at depth ∝ 1 / |x − vanishX|, so along it u = f·K / (cos·|x −
 * vanishX|) and up it v = (horizon − y)·K / |x − vanishX|, K set by the wall's height (2.5 m) over its columns.
 * Otherwise it is taken flat, facing the camera, its height 2.5 m.
 */
function wallPlane(surface: Surface, kind: SurfaceKind, segments: Segment[] | null): Plane {
  const { width, height, mask } = surface
  const b = bounds(surface)
  const vp = kind === 'wall' ? vanishingOf(surface, segments) : null
  const beside = vp && (vp.x < b.left - 0.02 * width || vp.x > b.right + 0.02 * width)
  if (vp && beside && vp.y > -height && vp.y < 2 * height) {
    // K from the rows each column of the wall spans: WALL_HEIGHT = span · K / |x − vanishX|
    const ks: number[] = []
    for (let x = b.left; x <= b.right; x += Math.max(1, Math.round(width / 200))) {
      let top = -1
      let bottom = -1
      for (let y = 0; y < height; y++)
        if (mask[y * width + x]! >= 128) {
          if (top < 0) top = y
          bottom = y
        }
      if (top >= 0 && bottom - top >= 0.1 * height)
        ks.push((WALL_HEIGHT * Math.abs(x + 0.5 - vp.x)) / (bottom - top + 1))
    }
    if (ks.length >= 3) {
      ks.sort((p, q) => p - q)
      const K = ks[ks.length >> 1]!
      const f = FOCAL_OF_DIAGONAL * Math.hypot(width, height)
      const slant = Math.hypot(f, vp.x - width / 2) / f
      return {
        kind,
        perspective: 'vanishing_point',
        horizon: vp.y,
        vanishX: vp.x,
        at(x, y, out) {
          const a = Math.max(1, Math.abs(x + 0.5 - vp.x))
          const up = vp.y - y - 0.5
          out[0] = (f * K * slant) / a
          out[1] = (up * K) / a
          out[2] = (f * K * slant) / (a * a)
          out[3] = (K / a) * Math.sqrt(1 + (up / a) ** 2)
        },
      }
    }
  }
  const s = WALL_HEIGHT / Math.max(b.bottom - b.top + 1, 0.3 * height)
  return {
    kind,
    perspective: 'flat',
    horizon: null,
    vanishX: null,
    at(x, y, out) {
      out[0] = (x + 0.5 - b.left) * s
      out[1] = (b.bottom + 0.5 - y) * s
      out[2] = s
      out[3] = s
    },
  }
}

/** The plane of a surface on a photo: M-LSD's segments scaled to the image, then `planeOf`. */
export async function findPlane(photo: Buffer, surface: Surface): Promise<Plane> {
  if (surfaceKind(surface) === 'ceiling') return planeOf(surface, null)
  const found = await detectSegments(photo)
  const sx = surface.width / 512
  const sy = surface.height / 512
  return planeOf(
    surface,
    found?.map((s) => ({ x1: s.x1 * sx, y1: s.y1 * sy, x2: s.x2 * sx, y2: s.y2 * sy })) ?? null,
  )
}

/** A stable seed from a material's id, so the same photo and material give the same bytes. */
function seedOf(id: MaterialId): number {
  let h = 2166136261
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619)
  return h >>> 0
}

/**
 * Box blur (two passes ≈ Gaussian) of `values` weighted by `weight`, normalised, within the rectangle
 * [x0, x1) × [y0, y1): the mean of the surface's own pixels around each pixel, so nothing outside it darkens or
 * lightens its edge.
 */
function blurWithin(
  values: Float32Array,
  weight: Float32Array,
  w: number,
  box: { x0: number; x1: number; y0: number; y1: number },
  r: number,
) {
  const { x0, x1, y0, y1 } = box
  const num = values.slice()
  const den = weight.slice()
  const line = new Float64Array(Math.max(x1 - x0, y1 - y0) + 1)
  const rows = (a: Float32Array) => {
    for (let y = y0; y < y1; y++) {
      const o = y * w
      for (let x = x0; x < x1; x++) line[x - x0 + 1] = line[x - x0]! + a[o + x]!
      const n = x1 - x0
      for (let i = 0; i < n; i++) {
        const lo = Math.max(0, i - r)
        const hi = Math.min(n, i + r + 1)
        a[o + x0 + i] = (line[hi]! - line[lo]!) / (hi - lo)
      }
    }
  }
  const columns = (a: Float32Array) => {
    for (let x = x0; x < x1; x++) {
      for (let y = y0; y < y1; y++) line[y - y0 + 1] = line[y - y0]! + a[y * w + x]!
      const n = y1 - y0
      for (let i = 0; i < n; i++) {
        const lo = Math.max(0, i - r)
        const hi = Math.min(n, i + r + 1)
        a[(y0 + i) * w + x] = (line[hi]! - line[lo]!) / (hi - lo)
      }
    }
  }
  for (let k = 0; k < 2; k++)
    for (const a of [num, den]) {
      rows(a)
      columns(a)
    }
  for (let y = y0; y < y1; y++)
    for (let p = y * w + x0; p < y * w + x1; p++) num[p] = den[p]! > 1e-6 ? num[p]! / den[p]! : 0
  return num
}

// linear light → sRGB byte through a table indexed by √light (steps fine enough in the darks): the texture is
// written per pixel, and a power per channel was a third of the time
const ROOT_STEPS = 8192
const BYTE_OF_ROOT = Uint8Array.from({ length: ROOT_STEPS + 1 }, (_, i) => toByte((i / ROOT_STEPS) ** 2))
const byteOf = (lin: number) =>
  lin <= 0 ? 0 : lin >= 1 ? 255 : BYTE_OF_ROOT[Math.round(Math.sqrt(lin) * ROOT_STEPS)]!

/** As a repaint reports it; `deltaE` is against the material's base colour. */
export type Laid = Repainted

/**
 * Lays the material on the surface: its albedo at each pixel's point of the plane, times the light the pixel
 * had — its OKLab lightness against the surface's mean, cubed back to light, as the colour repaint reads it,
 * taken a few pixels wide so the old floor's joints and grain do not show through the new one. A gain per
 * channel, corrected by what the result measures (up to three times), lands the surface's mean on the base
 * colour; the pattern and the light stay.
 */
export function layMaterial(
  image: RawImage,
  surface: Surface,
  id: MaterialId,
  plane: Plane,
  seed = seedOf(id),
): Laid {
  const { width, height } = image
  const src = image.data
  const n = width * height
  const material = materialOf(id)
  const target: Lab = materialLab(id)
  const L = new Float32Array(n)
  const weight = new Float32Array(n)
  let meanL = 0
  let inside = 0
  for (let p = 0; p < n; p++) {
    if (!surface.mask[p]) continue
    const i = p * 3
    L[p] = linToOklab(LIN[src[i]!]!, LIN[src[i + 1]!]!, LIN[src[i + 2]!]!)[0]
    weight[p] = surface.mask[p]! / 255
    if (surface.mask[p] === 255) {
      meanL += L[p]!
      inside++
    }
  }
  if (!inside) throw new Error('empty surface')
  meanL /= inside
  for (let p = 0; p < n; p++) L[p] = L[p]! * weight[p]!
  const b = bounds(surface, 1)
  const r = Math.max(1, Math.round(Math.max(width, height) / 500))
  const box = {
    x0: Math.max(0, b.left - r),
    x1: Math.min(width, b.right + r + 2),
    y0: Math.max(0, b.top - r),
    y1: Math.min(height, b.bottom + r + 2),
  }
  const smooth = blurWithin(L, weight, width, box, r)
  const light = (p: number) => {
    const k = smooth[p]! / meanL
    return k * k * k
  }

  const uv = new Float64Array(4)
  const albedo = [0, 0, 0]
  const gain = [1, 1, 1]
  const colourAt = (p: number, out: Uint8Array | Buffer, o: number) => {
    const x = p % width
    plane.at(x, (p - x) / width, uv)
    materialAlbedo(material, uv[0]!, uv[1]!, uv[2]!, uv[3]!, seed, albedo)
    const k = light(p)
    out[o] = byteOf(albedo[0]! * gain[0]! * k)
    out[o + 1] = byteOf(albedo[1]! * gain[1]! * k)
    out[o + 2] = byteOf(albedo[2]! * gain[2]! * k)
  }
  const sample: number[] = []
  for (let p = 0, j = 0; p < n; p++) if (surface.mask[p] === 255 && j++ % 17 === 0) sample.push(p)
  const px = new Uint8Array(3)
  const measure = (): Lab => {
    let l = 0
    let a = 0
    let b = 0
    for (const p of sample) {
      colourAt(p, px, 0)
      const lab = srgbToLab(px[0]!, px[1]!, px[2]!)
      l += lab[0]
      a += lab[1]
      b += lab[2]
    }
    return [l / sample.length, a / sample.length, b / sample.length]
  }
  const lin = (v: number) => {
    const c = Math.min(1, Math.max(0, v))
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  const want = labToSrgb(target).map(lin)
  for (let round = 0; round < 3; round++) {
    const got = measure()
    if (ciede2000(target, got) < 0.3) break
    const have = labToSrgb(got).map(lin)
    for (let c = 0; c < 3; c++) gain[c] = gain[c]! * (want[c]! / Math.max(1e-4, have[c]!))
  }
  return writeSurface(image, surface, target, colourAt)
}
