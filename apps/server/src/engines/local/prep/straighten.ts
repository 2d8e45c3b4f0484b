import sharp from 'sharp'
import { detectSegments } from '../../../lib/line-segments.ts'
import type { RawImage } from '../image-io.ts'
import { matFromRaw, withCv } from '../opencv.ts'
import {
  apply,
  largestInnerRect,
  type Mat3,
  meanLeanDeg,
  multiply,
  nearVertical,
  type Segment,
  uprightHomography,
  type VanishingPoint,
  verticalVanishingPoint,
} from './geometry.ts'

// Straighten verticals and level the horizon on the built-in engine (docs/decisions/0101-straighten-verticals.md):
// M-LSD finds the straight segments, the vertical vanishing point is fitted to the near-upright ones, a
// homography turns the camera level, and the picture is cropped to the largest clean rectangle.

/** Segments are refined on a copy this long at most. */
const REFINE_LONG_SIDE = 2048
/** how far across a segment its edge is looked for, pixels */
const SEARCH_PX = 4

/**
 * A segment moved onto the strongest edge beside it: at points along it the brightness step across it is
 * found to a fraction of a pixel (the peak of the gradient, a parabola through its three best samples), and a
 * line is fitted through them by total least squares. Null when too few points find an edge.
 */
function refineOnEdge(grey: Uint8Array, w: number, h: number, s: Segment): Segment | null {
  const len = Math.hypot(s.x2 - s.x1, s.y2 - s.y1)
  if (len < 8) return null
  const ux = (s.x2 - s.x1) / len
  const uy = (s.y2 - s.y1) / len
  const nx = -uy
  const ny = ux
  const at = (x: number, y: number) => {
    const x0 = Math.floor(x)
    const y0 = Math.floor(y)
    if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= h) return Number.NaN
    const fx = x - x0
    const fy = y - y0
    const i = y0 * w + x0
    return (
      (grey[i]! * (1 - fx) + grey[i + 1]! * fx) * (1 - fy) +
      (grey[i + w]! * (1 - fx) + grey[i + w + 1]! * fx) * fy
    )
  }
  const points: [number, number][] = []
  const samples = Math.max(8, Math.min(60, Math.round(len / 4)))
  for (let i = 0; i < samples; i++) {
    const t = len * (0.1 + (0.8 * (i + 0.5)) / samples)
    const px = s.x1 + ux * t
    const py = s.y1 + uy * t
    let best = -1
    let bestG = 0
    const g: number[] = []
    for (let j = 0; j <= SEARCH_PX * 4; j++) {
      const o = -SEARCH_PX + j * 0.5
      const a = at(px + nx * (o - 0.5), py + ny * (o - 0.5))
      const b = at(px + nx * (o + 0.5), py + ny * (o + 0.5))
      const v = Math.abs(b - a)
      g.push(v)
      if (v > bestG) {
        bestG = v
        best = j
      }
    }
    if (best <= 0 || best >= g.length - 1 || bestG < 12 || Number.isNaN(bestG)) continue
    const [gl, gc, gr] = [g[best - 1]!, g[best]!, g[best + 1]!]
    const denom = gl - 2 * gc + gr
    const frac = denom === 0 ? 0 : (0.5 * (gl - gr)) / denom
    const o = -SEARCH_PX + (best + frac) * 0.5
    points.push([px + nx * o, py + ny * o])
  }
  if (points.length < Math.max(5, samples / 2)) return null
  // total least squares: the line through the mean along the principal direction
  const mx = points.reduce((a, p) => a + p[0], 0) / points.length
  const my = points.reduce((a, p) => a + p[1], 0) / points.length
  let sxx = 0
  let sxy = 0
  let syy = 0
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2
    sxy += (x - mx) * (y - my)
    syy += (y - my) ** 2
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy)
  let dx = Math.cos(theta)
  let dy = Math.sin(theta)
  if (dx * ux + dy * uy < 0) {
    dx = -dx
    dy = -dy
  }
  // the original ends, projected onto the fitted line
  const project = (x: number, y: number): [number, number] => {
    const t = (x - mx) * dx + (y - my) * dy
    return [mx + dx * t, my + dy * t]
  }
  const [x1, y1] = project(s.x1, s.y1)
  const [x2, y2] = project(s.x2, s.y2)
  return { x1, y1, x2, y2 }
}

/** Verticals must add up to this share of the picture's height before a correction is trusted. */
const MIN_VERTICAL_LENGTH = 0.25

export interface Verticals extends VanishingPoint {
  width: number
  height: number
  /** their mean lean from upright in the photo, degrees */
  leanDeg: number
}

/** The segments of a picture in its own pixels (M-LSD sees a 512² copy); null when the detector cannot run. */
export async function segmentsOf(
  image: Buffer,
): Promise<{ segments: Segment[]; width: number; height: number } | null> {
  const meta = await sharp(image).metadata()
  const swap = (meta.orientation ?? 1) >= 5
  const width = (swap ? meta.height : meta.width) ?? 0
  const height = (swap ? meta.width : meta.height) ?? 0
  const found = await detectSegments(image)
  if (!found) return null
  const kx = width / 512
  const ky = height / 512
  return {
    width,
    height,
    segments: found.map((s) => ({ x1: s.x1 * kx, y1: s.y1 * ky, x2: s.x2 * kx, y2: s.y2 * ky })),
  }
}

/**
 * The photo's verticals and where they meet, or null when there are too few to straighten by (a close-up, a
 * landscape, a blank wall): the request is refused then, before anything is charged.
 */
export async function findVerticals(image: Buffer): Promise<Verticals | null> {
  const found = await segmentsOf(image)
  if (!found) return null
  // M-LSD sees a 512² copy: its ends are good to a pixel or two there, a few tenths of a degree; each near-upright
  // segment is put back on the photo's own edge before the fit
  const k = Math.min(1, REFINE_LONG_SIDE / Math.max(found.width, found.height))
  const gw = Math.round(found.width * k)
  const gh = Math.round(found.height * k)
  const grey = await sharp(image).rotate().resize(gw, gh, { fit: 'fill' }).greyscale().raw().toBuffer()
  const refined = nearVertical(found.segments).map((s) => {
    const r = refineOnEdge(grey, gw, gh, { x1: s.x1 * k, y1: s.y1 * k, x2: s.x2 * k, y2: s.y2 * k })
    return r ? { x1: r.x1 / k, y1: r.y1 / k, x2: r.x2 / k, y2: r.y2 / k } : s
  })
  const vp = verticalVanishingPoint(refined, found.width, found.height)
  if (!vp) return null
  const length = vp.inliers.reduce((s, g) => s + Math.hypot(g.x2 - g.x1, g.y2 - g.y1), 0)
  if (length < MIN_VERTICAL_LENGTH * found.height) return null
  return { ...vp, width: found.width, height: found.height, leanDeg: meanLeanDeg(vp.inliers) }
}

export interface Straightened {
  image: RawImage
  /** maps the photo's pixels to the result's */
  homography: Mat3
  pitchDeg: number
  rollDeg: number
  /** the share of the corrected photo's area the crop keeps */
  kept: number
}

/**
 * The photo turned upright and cropped to the largest rectangle with no empty corner, at about its own pixel
 * count, in one resampling.
 */
export async function straightenPhoto(img: RawImage, verticals: Verticals): Promise<Straightened> {
  const { width: W, height: H } = img
  // the verticals were found in the photo's own size; the raw image may be a scaled copy
  const k = W / verticals.width
  const vp = verticals.point
  const up = uprightHomography([vp[0] * k, vp[1] * k, vp[2]], W, H)
  const corners = [
    [0, 0],
    [W, 0],
    [W, H],
    [0, H],
  ].map(([x, y]) => apply(up.homography, x!, y!))
  if (corners.some((c) => c[2] <= 0)) throw new Error('the correction folds the picture over')
  const quad = corners.map((c) => [c[0] / c[2], c[1] / c[2]] as [number, number])
  const [l, t, r, b] = largestInnerRect(quad)
  const outline = Math.abs(
    quad.reduce((s, p, i) => {
      const q = quad[(i + 1) % 4]!
      return s + p[0] * q[1] - q[0] * p[1]
    }, 0) / 2,
  )
  const scale = Math.sqrt((W * H) / ((r - l) * (b - t)))
  const outW = Math.max(1, Math.round((r - l) * scale))
  const outH = Math.max(1, Math.round((b - t) * scale))
  const fit: Mat3 = [scale, 0, -l * scale, 0, scale, -t * scale, 0, 0, 1]
  const homography = multiply(fit, up.homography)
  const data = await withCv((cv, track) => {
    const input = track(matFromRaw(cv, img))
    const m = track(cv.matFromArray(3, 3, cv.CV_64F, homography))
    const out = track(new cv.Mat())
    cv.warpPerspective(input, out, m, new cv.Size(outW, outH), cv.INTER_CUBIC, cv.BORDER_REPLICATE)
    return Buffer.from(out.data)
  })
  return {
    image: { data, width: outW, height: outH, channels: img.channels },
    homography,
    pitchDeg: up.pitchDeg,
    rollDeg: up.rollDeg,
    kept: ((r - l) * (b - t)) / outline,
  }
}
