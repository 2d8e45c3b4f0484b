import sharp from 'sharp'
import type { RawImage } from '../image-io.ts'
import { resizeGrey } from '../image-io.ts'
import { matFromGrey, matFromRaw, withCv } from '../opencv.ts'

export interface WallMask {
  /** 0..255 soft mask at the image's size */
  alpha: Uint8Array
  /** share of the picture covered */
  coverage: number
  /** median luminance (0..255) of the wall, the reference its shading is measured against */
  reference: number
}

const ANALYSIS_LONG = 320

/**
 * Finds the painted walls: large, smooth, fairly neutral areas, not blown-out windows, not the darkest furniture,
 * not the floor band. Smoothness comes from the local gradient; the biggest connected smooth areas win, and the
 * wall colour is then grown to the similar pixels around them. Returns null when no convincing wall is found.
 */
export async function findWalls(img: RawImage): Promise<WallMask | null> {
  const { data: small, info } = await sharp(img.data, {
    raw: { width: img.width, height: img.height, channels: 3 },
  })
    .resize(ANALYSIS_LONG, ANALYSIS_LONG, { fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const w = info.width
  const h = info.height
  const found = await withCv((cv, track) => {
    const rgb = track(matFromRaw(cv, { data: small, width: w, height: h, channels: 3 }))
    const grey = track(new cv.Mat())
    cv.cvtColor(rgb, grey, cv.COLOR_RGB2GRAY)
    cv.GaussianBlur(grey, grey, new cv.Size(5, 5), 0)
    const gx = track(new cv.Mat())
    const gy = track(new cv.Mat())
    cv.Sobel(grey, gx, cv.CV_32F, 1, 0, 3)
    cv.Sobel(grey, gy, cv.CV_32F, 0, 1, 3)
    const fx = gx.data32F
    const fy = gy.data32F
    const candidate = new Uint8Array(w * h)
    const floorLine = h * 0.8
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x
        const r = small[i * 3]!
        const g = small[i * 3 + 1]!
        const b = small[i * 3 + 2]!
        const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
        const max = Math.max(r, g, b)
        const chroma = max === 0 ? 0 : (max - Math.min(r, g, b)) / max
        const smooth = Math.hypot(fx[i]!, fy[i]!) < 32
        candidate[i] =
          smooth && lum > 60 && lum < 238 && chroma < 0.4 && y < floorLine && y > h * 0.04 ? 255 : 0
      }
    }
    const mask = track(matFromGrey(cv, candidate, w, h))
    const kernel = track(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(5, 5)))
    const closing = track(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(9, 9)))
    cv.morphologyEx(mask, mask, cv.MORPH_OPEN, kernel)
    const labels = track(new cv.Mat())
    const stats = track(new cv.Mat())
    const centroids = track(new cv.Mat())
    const n = cv.connectedComponentsWithStats(mask, labels, stats, centroids, 4, cv.CV_32S)
    const keep = new Uint8Array(n)
    const s = stats.data32S
    const l = labels.data32S
    // walls are upright: they cross the band at eye level; a ceiling stays above it, a floor below
    const inBand = new Uint32Array(n)
    for (let y = Math.round(h * 0.3); y < Math.round(h * 0.62); y++) {
      for (let x = 0; x < w; x++) inBand[l[y * w + x]!]!++
    }
    for (let label = 1; label < n; label++) {
      const area = s[label * 5 + 4]!
      if (area > w * h * 0.03 && inBand[label]! > area * 0.25) keep[label] = 1
    }
    const walls = new Uint8Array(w * h)
    for (let i = 0; i < walls.length; i++) walls[i] = keep[l[i]!] ? 255 : 0
    // close the speckle holes noise leaves in a wall (a picture or a switch is larger and stays out)
    cv.morphologyEx(matFromGreyTracked(walls), mask, cv.MORPH_CLOSE, closing)
    return new Uint8Array(mask.data)

    function matFromGreyTracked(data: Uint8Array) {
      return track(matFromGrey(cv, data, w, h))
    }
  })
  let count = 0
  const lums: number[] = []
  for (let i = 0; i < found.length; i++) {
    if (!found[i]) continue
    count++
    if (count % 7 === 0)
      lums.push(0.2126 * small[i * 3]! + 0.7152 * small[i * 3 + 1]! + 0.0722 * small[i * 3 + 2]!)
  }
  const coverage = count / found.length
  if (coverage < 0.06) return null
  lums.sort((a, b) => a - b)
  const soft = await sharp(found, { raw: { width: w, height: h, channels: 1 } })
    .blur(1.2)
    .toColourspace('b-w')
    .raw()
    .toBuffer()
  const alpha = await resizeGrey(soft, w, h, img.width, img.height, 'linear')
  return { alpha, coverage, reference: lums[Math.floor(lums.length / 2)] ?? 160 }
}
