import { mix, type Rgb } from '../color.ts'
import type { RawImage } from '../image-io.ts'
import { matFromGrey, matFromRaw, withCv } from '../opencv.ts'

export type Quad = [[number, number], [number, number], [number, number], [number, number]]

/** A context backdrop: a sky gradient down to the horizon, then a ground plane darkening toward the viewer. */
export function backdrop(width: number, height: number, sky: Rgb, ground: Rgb, horizon: number): RawImage {
  const data = Buffer.allocUnsafe(width * height * 3)
  const skyTop = mix(sky, [90, 130, 180], 0.25)
  const skyLow = mix(sky, [255, 255, 255], 0.45)
  const groundNear = mix(ground, [0, 0, 0], 0.2)
  for (let y = 0; y < height; y++) {
    const c =
      y < horizon
        ? mix(skyTop, skyLow, y / Math.max(1, horizon))
        : mix(ground, groundNear, (y - horizon) / Math.max(1, height - horizon))
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      data[i] = c[0]
      data[i + 1] = c[1]
      data[i + 2] = c[2]
    }
  }
  return { data, width, height, channels: 3 }
}

/**
 * Warps `image` so its corners land on `quad` (top-left, top-right, bottom-right, bottom-left) and lays it over
 * `canvas` with anti-aliased edges and a soft contact shadow beneath it, in place.
 */
export async function warpOnto(
  canvas: RawImage,
  image: RawImage,
  quad: Quad,
  shadow = 0.35,
  subject: Uint8Array | null = null,
): Promise<void> {
  const { width: W, height: H } = canvas
  const { warped, alpha } = await withCv((cv, track) => {
    const src = track(matFromRaw(cv, image))
    const from = track(
      cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, image.width, 0, image.width, image.height, 0, image.height]),
    )
    const to = track(cv.matFromArray(4, 1, cv.CV_32FC2, quad.flat()))
    const m = track(cv.getPerspectiveTransform(from, to))
    const out = track(new cv.Mat())
    cv.warpPerspective(
      src,
      out,
      m,
      new cv.Size(W, H),
      cv.INTER_LINEAR,
      cv.BORDER_CONSTANT,
      new cv.Scalar(0, 0, 0, 0),
    )
    const coverage = subject ?? new Uint8Array(image.width * image.height).fill(255)
    const white = track(matFromGrey(cv, coverage, image.width, image.height))
    const a = track(new cv.Mat())
    cv.warpPerspective(
      white,
      a,
      m,
      new cv.Size(W, H),
      cv.INTER_LINEAR,
      cv.BORDER_CONSTANT,
      new cv.Scalar(0, 0, 0, 0),
    )
    return { warped: Buffer.from(out.data), alpha: new Uint8Array(a.data) }
  })
  const d = canvas.data
  if (shadow > 0) {
    // contact shadow: the bottom edge of the warped picture, smeared down a little
    const [, , br, bl] = quad
    const base = Math.max(br[1], bl[1])
    const left = Math.min(bl[0], br[0])
    const right = Math.max(bl[0], br[0])
    const depth = H * 0.05
    for (let y = Math.floor(base); y < Math.min(H, base + depth); y++) {
      const t = 1 - (y - base) / depth
      for (let x = Math.max(0, Math.floor(left - depth)); x < Math.min(W, right + depth); x++) {
        const edge = Math.min(1, Math.min(x - (left - depth), right + depth - x) / depth)
        const k = 1 - shadow * t * t * edge
        const i = (y * W + x) * 3
        d[i] = d[i]! * k
        d[i + 1] = d[i + 1]! * k
        d[i + 2] = d[i + 2]! * k
      }
    }
  }
  for (let p = 0, i = 0; p < alpha.length; p++, i += 3) {
    const a = alpha[p]! / 255
    if (a === 0) continue
    d[i] = d[i]! * (1 - a) + warped[i]! * a
    d[i + 1] = d[i + 1]! * (1 - a) + warped[i + 1]! * a
    d[i + 2] = d[i + 2]! * (1 - a) + warped[i + 2]! * a
  }
}

/** A region of `image` scaled to fill width×height (a camera moving closer). */
export async function cropTo(
  image: RawImage,
  box: { left: number; top: number; width: number; height: number },
  width: number,
  height: number,
): Promise<RawImage> {
  const quad: Quad = [
    [-box.left * (width / box.width), -box.top * (height / box.height)],
    [(image.width - box.left) * (width / box.width), -box.top * (height / box.height)],
    [(image.width - box.left) * (width / box.width), (image.height - box.top) * (height / box.height)],
    [-box.left * (width / box.width), (image.height - box.top) * (height / box.height)],
  ]
  const canvas: RawImage = { data: Buffer.alloc(width * height * 3), width, height, channels: 3 }
  await warpOnto(canvas, image, quad, 0)
  return canvas
}

export function vignette(img: RawImage, strength: number): void {
  const { width, height } = img
  const d = img.data
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const r = ((x - width / 2) / (width / 2)) ** 2 + ((y - height / 2) / (height / 2)) ** 2
      const k = 1 - strength * Math.max(0, r / 2 - 0.1)
      const i = (y * width + x) * 3
      d[i] = d[i]! * k
      d[i + 1] = d[i + 1]! * k
      d[i + 2] = d[i + 2]! * k
    }
  }
}
