import type { RawImage } from './image-io.ts'
import { mulberry32 } from './noise.ts'
import { matFromGrey, matFromRaw, withCv } from './opencv.ts'
import { boundingBox, cropGrey, cropRaw, growRect, pasteRaw } from './raw.ts'
import { directionalFill } from './structure-fill.ts'

export interface InpaintOptions {
  /** OpenCV method: Telea (fast marching, default) or Navier-Stokes */
  method?: 'telea' | 'ns'
}

/** Holes up to this many pixels are filled by Telea at full size; larger ones are guided by structure. */
const SMALL_HOLE = 70 * 70
/** Large holes are filled by Telea at a size where they are about this many pixels, then scaled back. */
const GUIDE_AREA = 110 * 110

/**
 * Fills the masked area (binary 0/255 at the image's size) from its surroundings, in place, and returns the image.
 * Only a box around the mask is touched; outside the mask plus a few pixels of feather the image is unchanged.
 * The lasso is grown a little (a hand-drawn selection hugs the object's edge). Small holes are OpenCV Telea at
 * full size; large ones combine a structure-aware row/column fill (lines carry through) with a low-resolution
 * Telea fill where the structure is unclear. The surrounding grain is put back, so the fill does not look plastic.
 */
export async function inpaintMasked(
  img: RawImage,
  mask: Uint8Array,
  options: InpaintOptions = {},
): Promise<RawImage> {
  const box = boundingBox(mask, img.width, img.height)
  if (!box) return img
  const grow = Math.max(2, Math.round(Math.max(img.width, img.height) / 400))
  const feather = grow + 1
  const region = growRect(box, grow + feather + 12, img.width, img.height)
  const part = cropRaw(img, region)
  const hole = cropGrey(mask, img.width, region)
  const method = options.method ?? 'telea'
  const filled = await withCv((cv, track) => {
    const src = track(matFromRaw(cv, part))
    const holeMat = track(matFromGrey(cv, hole, region.width, region.height))
    const kernel = track(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(grow * 2 + 1, grow * 2 + 1)))
    cv.dilate(holeMat, holeMat, kernel)
    const flag = method === 'ns' ? cv.INPAINT_NS : cv.INPAINT_TELEA
    const out = track(new cv.Mat())
    let holeArea = 0
    for (const v of holeMat.data) if (v) holeArea++
    if (holeArea <= SMALL_HOLE) {
      cv.inpaint(src, holeMat, out, 3, flag)
    } else {
      const k = Math.min(1, Math.sqrt(GUIDE_AREA / holeArea))
      const size = new cv.Size(
        Math.max(8, Math.round(region.width * k)),
        Math.max(8, Math.round(region.height * k)),
      )
      const small = track(new cv.Mat())
      const smallHole = track(new cv.Mat())
      cv.resize(src, small, size, 0, 0, cv.INTER_AREA)
      cv.resize(holeMat, smallHole, size, 0, 0, cv.INTER_LINEAR)
      cv.threshold(smallHole, smallHole, 0, 255, cv.THRESH_BINARY)
      const smallOut = track(new cv.Mat())
      cv.inpaint(small, smallHole, smallOut, 3, flag)
      cv.resize(smallOut, out, new cv.Size(region.width, region.height), 0, 0, cv.INTER_CUBIC)
    }
    const alpha = track(new cv.Mat())
    cv.GaussianBlur(holeMat, alpha, new cv.Size(feather * 2 + 1, feather * 2 + 1), 0)
    // the grown hole itself is fully replaced; only beyond it does the fill fade into the original
    cv.max(alpha, holeMat, alpha)
    return {
      data: Buffer.from(out.data),
      alpha: new Uint8Array(alpha.data),
      hole: new Uint8Array(holeMat.data),
      large: holeArea > SMALL_HOLE,
    }
  })
  if (filled.large) {
    const guide = directionalFill(part.data, filled.hole, region.width, region.height)
    for (let p = 0; p < filled.hole.length; p++) {
      if (!filled.hole[p]) continue
      const w = guide.confidence[p]!
      for (let c = 0; c < 3; c++) {
        const i = p * 3 + c
        filled.data[i] = filled.data[i]! * (1 - w) + guide.colour[i]! * w
      }
    }
  }
  const grain = grainLevel(part.data, filled.hole, part.channels)
  const rand = mulberry32(region.left * 7919 + region.top)
  const c = part.channels
  for (let i = 0; i < filled.alpha.length; i++) {
    const a = filled.alpha[i]! / 255
    if (a === 0) continue
    const n = filled.hole[i] ? (rand() + rand() + rand() - 1.5) * grain * 2 : 0
    for (let k = 0; k < c; k++) {
      const o = i * c + k
      const v = part.data[o]! * (1 - a) + (filled.data[o]! + n) * a
      part.data[o] = v <= 0 ? 0 : v >= 255 ? 255 : v + 0.5
    }
  }
  pasteRaw(img, part, region)
  return img
}

/** The picture's fine grain just outside the hole: mean absolute difference of horizontal neighbours. */
function grainLevel(data: Buffer, hole: Uint8Array, channels: number): number {
  let sum = 0
  let n = 0
  for (let i = 1; i < hole.length; i++) {
    if (hole[i] || hole[i - 1]) continue
    sum += Math.abs(data[i * channels + 1]! - data[(i - 1) * channels + 1]!)
    n++
  }
  // neighbour differences include real edges; a third of the mean is a fair guess of the noise alone
  return n === 0 ? 0 : Math.min(6, sum / n / 3)
}
