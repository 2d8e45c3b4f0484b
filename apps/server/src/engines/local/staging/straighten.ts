import type { RawImage } from '../image-io.ts'
import { matFromRaw, withCv } from '../opencv.ts'
import { luminanceOf } from '../tone.ts'

export interface Verticals {
  /** lean of vertical lines at the centre (dx/dy, positive = tops lean right): the camera's roll */
  roll: number
  /** change of lean from the left edge to the right edge: converging verticals from a tilted camera */
  keystone: number
  /** how many line segments the estimate rests on */
  segments: number
}

/** Analysis size: long enough for walls' edges and door frames, short enough for a quick Hough transform. */
const ANALYSIS_LONG = 640
/** Lines further than this from vertical are not walls' edges. */
const MAX_LEAN = Math.tan((12 * Math.PI) / 180)

/**
 * Finds the vertical lines of a room (corners, door and window frames) and fits their lean as a line across the
 * picture: a constant lean is roll, a lean that changes from left to right is keystone. Returns null when the
 * picture has too few such lines to be sure.
 */
export async function measureVerticals(img: RawImage): Promise<Verticals | null> {
  const k = ANALYSIS_LONG / Math.max(img.width, img.height)
  const w = Math.round(img.width * k)
  const h = Math.round(img.height * k)
  const grey = luminanceOf(img)
  const segments = await withCv((cv, track) => {
    const full = track(
      matFromRaw(cv, {
        data: Buffer.from(grey.buffer, grey.byteOffset, grey.length),
        width: img.width,
        height: img.height,
        channels: 1,
      }),
    )
    const small = track(new cv.Mat())
    cv.resize(full, small, new cv.Size(w, h), 0, 0, cv.INTER_AREA)
    const edges = track(new cv.Mat())
    cv.Canny(small, edges, 40, 120)
    const lines = track(new cv.Mat())
    cv.HoughLinesP(edges, lines, 1, Math.PI / 360, 40, Math.round(h * 0.12), 6)
    const out: Array<{ lean: number; x: number; length: number }> = []
    const d = lines.data32S
    for (let i = 0; i < lines.rows; i++) {
      let [x1, y1, x2, y2] = [d[i * 4]!, d[i * 4 + 1]!, d[i * 4 + 2]!, d[i * 4 + 3]!]
      if (y1 < y2) [x1, y1, x2, y2] = [x2, y2, x1, y1]
      const dy = y1 - y2
      if (dy <= 0) continue
      const lean = (x2 - x1) / dy
      if (Math.abs(lean) > MAX_LEAN) continue
      out.push({ lean, x: ((x1 + x2) / 2 / w) * 2 - 1, length: Math.hypot(x2 - x1, dy) / h })
    }
    return out
  })
  const total = segments.reduce((s, l) => s + l.length, 0)
  if (segments.length < 3 || total < 0.6) return null
  // weighted least squares: lean = roll + keystone * x
  let sw = 0
  let sx = 0
  let sy = 0
  let sxx = 0
  let sxy = 0
  for (const { lean, x, length } of segments) {
    sw += length
    sx += length * x
    sy += length * lean
    sxx += length * x * x
    sxy += length * x * lean
  }
  const det = sw * sxx - sx * sx
  // converging verticals can only be told from roll with long lines on both sides of the picture
  const side = (test: (x: number) => boolean) =>
    segments.filter((l) => test(l.x)).reduce((s, l) => s + l.length, 0)
  const bothSides = side((x) => x < -0.25) > 0.4 && side((x) => x > 0.25) > 0.4
  const keystone = Math.abs(det) < 1e-6 || !bothSides ? 0 : (sw * sxy - sx * sy) / det
  const roll = (sy - keystone * sx) / sw
  return { roll, keystone, segments: segments.length }
}

/** Corrections smaller than these are noise in the estimate; larger ones than the caps are not a tilt. */
const MIN_ROLL = Math.tan((0.3 * Math.PI) / 180)
const MIN_KEYSTONE = Math.tan((1 * Math.PI) / 180)
const MAX_ROLL = Math.tan((8 * Math.PI) / 180)
const MAX_KEYSTONE = Math.tan((6 * Math.PI) / 180)

/**
 * Makes vertical lines vertical: undoes roll with a rotation and converging verticals with a perspective
 * correction, then crops the result back to the picture's aspect so no empty corner shows. Returns null when
 * nothing needed doing.
 */
export async function straighten(
  img: RawImage,
  v: Verticals,
): Promise<{ image: RawImage; degrees: number; keystone: boolean } | null> {
  const roll = Math.abs(v.roll) >= MIN_ROLL && Math.abs(v.roll) <= MAX_ROLL ? v.roll : 0
  const keystone =
    Math.abs(v.keystone) >= MIN_KEYSTONE ? Math.max(-MAX_KEYSTONE, Math.min(MAX_KEYSTONE, v.keystone)) : 0
  if (roll === 0 && keystone === 0) return null
  const { width: W, height: H } = img
  const cx = W / 2
  const cy = H / 2
  // rotate against the roll (tops leaning right means the picture turned clockwise)
  const phi = -Math.atan(roll)
  const c = Math.cos(phi)
  const s = Math.sin(phi)
  const rotate = (x: number, y: number): [number, number] => [
    cx + (x - cx) * c - (y - cy) * s,
    cy + (x - cx) * s + (y - cy) * c,
  ]
  // then spread or pinch the top edge so the remaining lean (keystone * x) becomes zero
  const spread = keystone * H
  const dst = [rotate(0, 0), rotate(W, 0), rotate(W, H), rotate(0, H)]
  dst[0] = [dst[0]![0] + spread, dst[0]![1]]
  dst[1] = [dst[1]![0] - spread, dst[1]![1]]
  const src = [
    [0, 0],
    [W, 0],
    [W, H],
    [0, H],
  ] as const
  const inner = innerRect(dst, W, H)
  const corrected = await withCv((cv, track) => {
    const input = track(matFromRaw(cv, img))
    const from = track(cv.matFromArray(4, 1, cv.CV_32FC2, src.flat()))
    const to = track(cv.matFromArray(4, 1, cv.CV_32FC2, dst.flat()))
    const m = track(cv.getPerspectiveTransform(from, to))
    // map the inner rectangle back onto the full frame in the same warp: one resampling, no second resize
    const [l, t, r, b] = inner
    const scaleBack = track(
      cv.matFromArray(3, 3, cv.CV_64F, [
        W / (r - l),
        0,
        (-l * W) / (r - l),
        0,
        H / (b - t),
        (-t * H) / (b - t),
        0,
        0,
        1,
      ]),
    )
    const total = track(new cv.Mat())
    cv.gemm(scaleBack, m, 1, track(new cv.Mat()), 0, total)
    const out = track(new cv.Mat())
    cv.warpPerspective(input, out, total, new cv.Size(W, H), cv.INTER_LINEAR, cv.BORDER_REPLICATE)
    return Buffer.from(out.data)
  })
  return { image: { ...img, data: corrected }, degrees: (phi * 180) / Math.PI, keystone: keystone !== 0 }
}

/** The largest rectangle of the picture's aspect, centred, inside the corrected outline. */
function innerRect(quad: Array<[number, number]>, W: number, H: number): [number, number, number, number] {
  const [tl, tr, br, bl] = quad as [[number, number], [number, number], [number, number], [number, number]]
  let left = Math.max(tl[0], bl[0], 0)
  let right = Math.min(tr[0], br[0], W)
  let top = Math.max(tl[1], tr[1], 0)
  let bottom = Math.min(bl[1], br[1], H)
  // keep the aspect: trim the longer side around the centre
  const aspect = W / H
  const w = right - left
  const h = bottom - top
  if (w / h > aspect) {
    const nw = h * aspect
    left += (w - nw) / 2
    right = left + nw
  } else {
    const nh = w / aspect
    top += (h - nh) / 2
    bottom = top + nh
  }
  return [left, top, right, bottom]
}
