import sharp from 'sharp'
import type { RawImage } from '../image-io.ts'

// Privacy blur on the built-in engine (docs/decisions/0111-privacy-blur.md): each chosen face box (widened to
// take in hair and chin) and each lassoed area (a number plate, a house number, a family photo) is replaced by a
// coarse mosaic then blurred, so that nothing of it can be read back; the edge is feathered inside the area, and
// every pixel outside the boxes and the lasso is left as it was.

export interface Box {
  x: number
  y: number
  w: number
  h: number
}

/** a face box is widened by this on each side (BlazeFace's box is the face from brows to mouth) */
const FACE_MARGIN = 0.25
/** the mosaic's cells across the area's shorter side: too few to read a face or a digit */
const CELLS = 7

interface Area {
  left: number
  top: number
  width: number
  height: number
  /** 0–255 weight per pixel of the area's rectangle: 255 fully blurred */
  weight: Uint8Array
}

/** A face box as a feathered ellipse of the widened box, in pixels. */
export function faceArea(box: Box, width: number, height: number): Area | null {
  const cx = (box.x + box.w / 2) * width
  const cy = (box.y + box.h / 2) * height
  const rx = (box.w * width * (1 + 2 * FACE_MARGIN)) / 2
  const ry = (box.h * height * (1 + 2 * FACE_MARGIN)) / 2
  const left = Math.max(0, Math.floor(cx - rx))
  const top = Math.max(0, Math.floor(cy - ry))
  const right = Math.min(width, Math.ceil(cx + rx))
  const bottom = Math.min(height, Math.ceil(cy + ry))
  if (right - left < 2 || bottom - top < 2) return null
  const weight = new Uint8Array((right - left) * (bottom - top))
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const d = Math.hypot((x + 0.5 - cx) / rx, (y + 0.5 - cy) / ry)
      // full inside 85 % of the radius, fading to nothing at the ellipse
      weight[(y - top) * (right - left) + (x - left)] =
        d >= 1 ? 0 : d <= 0.85 ? 255 : Math.round(((1 - d) / 0.15) * 255)
    }
  }
  return { left, top, width: right - left, height: bottom - top, weight }
}

/** The lasso (0/255 at the picture's size) as one area over its bounding rectangle. */
export function lassoArea(mask: Uint8Array, width: number, height: number): Area | null {
  let left = width
  let top = height
  let right = -1
  let bottom = -1
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x]! < 128) continue
      if (x < left) left = x
      if (x > right) right = x
      if (y < top) top = y
      if (y > bottom) bottom = y
    }
  }
  if (right < 0) return null
  const w = right - left + 1
  const h = bottom - top + 1
  const weight = new Uint8Array(w * h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) weight[y * w + x] = mask[(top + y) * width + left + x]! >= 128 ? 255 : 0
  return { left, top, width: w, height: h, weight }
}

/**
 * The areas blurred in place: each is cut out, shrunk to a mosaic of CELLS across its short side, grown back and
 * blurred by half a cell, then laid over the photo by its weight. Returns how many areas were blurred.
 */
export async function blurAreas(image: RawImage, areas: Area[]): Promise<number> {
  const { width } = image
  let done = 0
  for (const a of areas) {
    const cell = Math.max(2, Math.min(a.width, a.height) / CELLS)
    const cut = await sharp(image.data, { raw: { width, height: image.height, channels: 3 } })
      .extract({ left: a.left, top: a.top, width: a.width, height: a.height })
      .resize(Math.max(1, Math.round(a.width / cell)), Math.max(1, Math.round(a.height / cell)), {
        fit: 'fill',
        kernel: 'cubic',
      })
      .resize(a.width, a.height, { fit: 'fill', kernel: 'nearest' })
      .blur(Math.max(0.5, cell / 2))
      .raw()
      .toBuffer()
    for (let y = 0; y < a.height; y++) {
      for (let x = 0; x < a.width; x++) {
        const t = a.weight[y * a.width + x]!
        if (!t) continue
        const i = ((a.top + y) * width + a.left + x) * 3
        const j = (y * a.width + x) * 3
        for (let c = 0; c < 3; c++)
          image.data[i + c] = Math.round((image.data[i + c]! * (255 - t) + cut[j + c]! * t) / 255)
      }
    }
    done++
  }
  return done
}
