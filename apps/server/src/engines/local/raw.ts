import type { RawImage } from './image-io.ts'

export interface Rect {
  left: number
  top: number
  width: number
  height: number
}

/** The bounding box of the non-zero pixels of a single-channel map, or null if there are none. */
export function boundingBox(mask: Uint8Array, width: number, height: number): Rect | null {
  let x0 = width
  let y0 = height
  let x1 = -1
  let y1 = -1
  for (let y = 0; y < height; y++) {
    const row = y * width
    for (let x = 0; x < width; x++) {
      if (mask[row + x]) {
        if (x < x0) x0 = x
        if (x > x1) x1 = x
        if (y < y0) y0 = y
        y1 = y
      }
    }
  }
  return x1 < 0 ? null : { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 }
}

export function growRect(r: Rect, by: number, width: number, height: number): Rect {
  const left = Math.max(0, r.left - by)
  const top = Math.max(0, r.top - by)
  const right = Math.min(width, r.left + r.width + by)
  const bottom = Math.min(height, r.top + r.height + by)
  return { left, top, width: right - left, height: bottom - top }
}

/** Copies a rectangle out of an interleaved image (any channel count). */
export function cropRaw(img: RawImage, r: Rect): RawImage {
  const c = img.channels
  const out = Buffer.allocUnsafe(r.width * r.height * c)
  for (let y = 0; y < r.height; y++) {
    const from = ((r.top + y) * img.width + r.left) * c
    img.data.copy(out, y * r.width * c, from, from + r.width * c)
  }
  return { data: out, width: r.width, height: r.height, channels: c }
}

export function cropGrey(mask: Uint8Array, width: number, r: Rect): Uint8Array {
  const out = new Uint8Array(r.width * r.height)
  for (let y = 0; y < r.height; y++) {
    const from = (r.top + y) * width + r.left
    out.set(mask.subarray(from, from + r.width), y * r.width)
  }
  return out
}

/** Writes `part` back into `img` at the rectangle, in place. */
export function pasteRaw(img: RawImage, part: RawImage, r: Rect): void {
  const c = img.channels
  for (let y = 0; y < r.height; y++) {
    part.data.copy(img.data, ((r.top + y) * img.width + r.left) * c, y * r.width * c, (y + 1) * r.width * c)
  }
}
