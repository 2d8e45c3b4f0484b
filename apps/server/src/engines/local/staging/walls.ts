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
    // the thresholds below are for a normally exposed photo: a dim one is judged as if brought up to it, or its
    // windows (no longer blown out) and their noise (no longer above the smoothness bar) pass for wall
    const gain = exposureGain(small)
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x
        const r = small[i * 3]!
        const g = small[i * 3 + 1]!
        const b = small[i * 3 + 2]!
        const lum = (0.2126 * r + 0.7152 * g + 0.0722 * b) * gain
        const max = Math.max(r, g, b)
        const chroma = max === 0 ? 0 : (max - Math.min(r, g, b)) / max
        const smooth = Math.hypot(fx[i]!, fy[i]!) * gain < 32
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
    const lumSum = new Float64Array(n)
    for (let i = 0; i < w * h; i++) {
      lumSum[l[i]!]! += 0.2126 * small[i * 3]! + 0.7152 * small[i * 3 + 1]! + 0.0722 * small[i * 3 + 2]!
    }
    let largest = 0
    for (let label = 1; label < n; label++) {
      const area = s[label * 5 + 4]!
      if (area > w * h * 0.03 && inBand[label]! > area * 0.25) {
        keep[label] = 1
        if (!largest || area > s[largest * 5 + 4]!) largest = label
      }
    }
    // a window that is not blown out (a dim photo, an overcast day) is smooth and neutral too, but clearly
    // brighter than the main wall and framed by it (it touches no edge of the picture, where a side wall lit by
    // that window does): it is not painted
    const wallLum = largest ? lumSum[largest]! / s[largest * 5 + 4]! : 0
    for (let label = 1; label < n; label++) {
      if (!keep[label] || lumSum[label]! / s[label * 5 + 4]! <= wallLum * 1.2) continue
      const [left, top, width, height] = [
        s[label * 5]!,
        s[label * 5 + 1]!,
        s[label * 5 + 2]!,
        s[label * 5 + 3]!,
      ]
      const framed = left > 0 && top > 0 && left + width < w && top + height < h
      if (framed) keep[label] = 0
    }
    const walls = new Uint8Array(w * h)
    for (let i = 0; i < walls.length; i++) walls[i] = keep[l[i]!] ? 255 : 0
    // close the speckle holes noise leaves in a wall (a picture or a switch is larger and stays out)
    cv.morphologyEx(matFromGreyTracked(walls), mask, cv.MORPH_CLOSE, closing)
    // the smoothness test leaves a rim along every edge of the wall unpainted: grow the mask into it; the
    // colour gate at full size (gateByColour) stops the paint where the wall really ends
    const grow = track(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(7, 7)))
    cv.dilate(mask, mask, grow)
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
  const reference = lums[Math.floor(lums.length / 2)] ?? 160
  gateByColour(img, alpha, wallChromaticity(small, found), reference)
  return { alpha, coverage, reference }
}

/**
 * How much a dim photo must be brightened for its 99th-percentile luminance to reach 230, between 1 (a normal or
 * bright photo) and 3. Only the wall search uses it; the picture itself is not changed here.
 */
function exposureGain(rgb: Uint8Array): number {
  const histogram = new Uint32Array(256)
  for (let i = 0; i < rgb.length; i += 3) {
    histogram[Math.round(0.2126 * rgb[i]! + 0.7152 * rgb[i + 1]! + 0.0722 * rgb[i + 2]!)]!++
  }
  const target = (rgb.length / 3) * 0.99
  let seen = 0
  let p99 = 255
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!
    if (seen >= target) {
      p99 = v
      break
    }
  }
  return Math.min(3, Math.max(1, 230 / Math.max(1, p99)))
}

/** The wall's mean chromaticity (r and g shares of r+g+b) over the analysed mask. */
function wallChromaticity(small: Uint8Array, found: Uint8Array): [number, number] {
  let r = 0
  let g = 0
  let n = 0
  // every third pixel is plenty for a mean
  for (let i = 0; i < found.length; i += 3) {
    if (!found[i]) continue
    const sum = small[i * 3]! + small[i * 3 + 1]! + small[i * 3 + 2]! + 1
    r += small[i * 3]! / sum
    g += small[i * 3 + 1]! / sum
    n++
  }
  return n ? [r / n, g / n] : [1 / 3, 1 / 3]
}

/**
 * Edge-aware clean-up of the mask at full size: the low-resolution mask, scaled up, spills a few pixels onto
 * whatever borders the wall (a lamp, a sofa, a window frame). A wall pixel keeps the wall's chromaticity
 * whatever its shading, and is not much darker than the wall; where a pixel is neither, the paint stops.
 */
function gateByColour(img: RawImage, alpha: Uint8Array, wall: [number, number], reference: number): void {
  const d = img.data
  for (let p = 0, i = 0; p < alpha.length; p++, i += 3) {
    if (alpha[p] === 0) continue
    const sum = d[i]! + d[i + 1]! + d[i + 2]! + 1
    const dc = Math.hypot(d[i]! / sum - wall[0], d[i + 1]! / sum - wall[1])
    const colourOk = dc < 0.025 ? 1 : dc > 0.06 ? 0 : (0.06 - dc) / 0.035
    const y = 0.2126 * d[i]! + 0.7152 * d[i + 1]! + 0.0722 * d[i + 2]!
    // not much darker (a lamp, a shadowed sofa) and not much lighter (a window frame, the ceiling's glow)
    const dark =
      y > reference * 0.55 ? 1 : y < reference * 0.35 ? 0 : (y - reference * 0.35) / (reference * 0.2)
    const light =
      y < reference * 1.25 ? 1 : y > reference * 1.45 ? 0 : (reference * 1.45 - y) / (reference * 0.2)
    // the scaled-up mask's soft rim made crisp: the paint stops at the wall's edge instead of fading past it
    const t = Math.min(1, Math.max(0, (alpha[p]! / 255 - 0.3) / 0.4))
    alpha[p] = 255 * t * t * (3 - 2 * t) * colourOk * dark * light
  }
}
