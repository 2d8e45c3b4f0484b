import { ciede2000, type Lab, labToSrgb, srgbToLab as rgbToLab } from '@parti/contract'
import sharp from 'sharp'
import { detectSegments } from '../../../lib/line-segments.ts'
import { type RawImage, resizeGrey } from '../image-io.ts'

// Renovation in exact colours on the built-in engine (docs/decisions/0112-repaint-exact-colours.md): one click
// picks a wall, floor or ceiling (the region grows from it and stops at edges and at the lines M-LSD finds), the
// lasso bounds it or stands for it, and the surface is recoloured in OKLab with its light and shade kept. What
// is reported is measured on the result: CIEDE2000 between the colour asked and the repainted surface, and the
// share of pixels outside it that changed (0 by construction, checked all the same).

/** the region is grown on a copy this long at most, then scaled up to the photo */
const GROW_SIDE = 768
/** a neighbour joins when it differs from the pixel it is reached from by less than this (CIELAB ΔE76) */
const STEP_DE = 3.2
/** …and its chroma (a*, b*) is within this of the clicked surface's */
const CHROMA_DE = 10
/** …and its lightness within this of the clicked surface's (shade on one wall spans a lot) */
const LIGHTNESS_SPAN = 38
/** an edge this strong (Sobel on L*, per pixel) is a wall's end */
const EDGE = 9
/** a surface is at least this share of the picture; less is a click on a detail */
const MIN_SURFACE = 0.01
/** holes in the region smaller than this share of it (texture, noise) are painted too; larger ones are objects */
const HOLE = 0.002

export interface Surface {
  /** 0–255 at the photo's size: 255 inside, a soft edge one working pixel wide, 0 outside */
  mask: Uint8Array
  width: number
  height: number
  /** fraction of the picture with mask > 0 */
  share: number
}

/** Rasterises M-LSD's segments (512² copy) as barriers on a w×h grid. */
function barriers(
  segments: readonly { x1: number; y1: number; x2: number; y2: number }[],
  w: number,
  h: number,
) {
  const wall = new Uint8Array(w * h)
  for (const s of segments) {
    const x1 = (s.x1 / 512) * w
    const y1 = (s.y1 / 512) * h
    const x2 = (s.x2 / 512) * w
    const y2 = (s.y2 / 512) * h
    const n = Math.ceil(Math.hypot(x2 - x1, y2 - y1) * 2) + 1
    for (let i = 0; i <= n; i++) {
      const x = Math.round(x1 + ((x2 - x1) * i) / n)
      const y = Math.round(y1 + ((y2 - y1) * i) / n)
      if (x >= 0 && y >= 0 && x < w && y < h) wall[y * w + x] = 1
    }
  }
  return wall
}

/** The lasso (0/255 at the photo's size, or null) at the working size. */
async function maskAt(mask: Uint8Array, width: number, height: number, w: number, h: number) {
  return resizeGrey(mask, width, height, w, h, 'nearest')
}

/**
 * The surface a click picks (`point` as fractions of the picture), bounded by the lasso when there is one; the
 * lasso alone when there is no click. Null when the click finds no surface large enough.
 */
export async function findSurface(
  photo: Buffer,
  image: RawImage,
  point: { x: number; y: number } | null,
  lasso: Uint8Array | null,
): Promise<Surface | null> {
  const { width, height } = image
  if (!point) {
    if (!lasso) return null
    const mask = Uint8Array.from(lasso, (v) => (v >= 128 ? 255 : 0))
    const on = mask.reduce((s, v) => s + (v ? 1 : 0), 0)
    return on / mask.length >= MIN_SURFACE * 0.1 ? { mask, width, height, share: on / mask.length } : null
  }
  const k = Math.min(1, GROW_SIDE / Math.max(width, height))
  const w = Math.max(1, Math.round(width * k))
  const h = Math.max(1, Math.round(height * k))
  const small = await sharp(image.data, { raw: { width, height, channels: 3 } })
    .resize(w, h, { fit: 'fill' })
    .blur(0.8)
    .raw()
    .toBuffer()
  const L = new Float32Array(w * h)
  const A = new Float32Array(w * h)
  const B = new Float32Array(w * h)
  for (let p = 0, i = 0; p < w * h; p++, i += 3) {
    const lab = rgbToLab(small[i]!, small[i + 1]!, small[i + 2]!)
    L[p] = lab[0]
    A[p] = lab[1]
    B[p] = lab[2]
  }
  const edge = new Uint8Array(w * h)
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x
      const gx = L[p - w + 1]! + 2 * L[p + 1]! + L[p + w + 1]! - L[p - w - 1]! - 2 * L[p - 1]! - L[p + w - 1]!
      const gy = L[p + w - 1]! + 2 * L[p + w]! + L[p + w + 1]! - L[p - w - 1]! - 2 * L[p - w]! - L[p - w + 1]!
      if (Math.hypot(gx, gy) / 4 > EDGE) edge[p] = 1
    }
  }
  const segments = (await detectSegments(photo)) ?? []
  const wall = barriers(segments, w, h)
  const bound = lasso ? await maskAt(lasso, width, height, w, h) : null
  const sx = Math.min(w - 1, Math.max(0, Math.round(point.x * (w - 1))))
  const sy = Math.min(h - 1, Math.max(0, Math.round(point.y * (h - 1))))
  // the clicked surface's colour: the median-ish mean of a small window around the click
  let sa = 0
  let sb = 0
  let sl = 0
  let n = 0
  for (let y = Math.max(0, sy - 2); y <= Math.min(h - 1, sy + 2); y++) {
    for (let x = Math.max(0, sx - 2); x <= Math.min(w - 1, sx + 2); x++) {
      sl += L[y * w + x]!
      sa += A[y * w + x]!
      sb += B[y * w + x]!
      n++
    }
  }
  sl /= n
  sa /= n
  sb /= n
  const region = new Uint8Array(w * h)
  const queue = new Int32Array(w * h)
  let head = 0
  let tail = 0
  const seed = sy * w + sx
  if (bound && bound[seed]! < 128) return null
  region[seed] = 1
  queue[tail++] = seed
  while (head < tail) {
    const p = queue[head++]!
    const x = p % w
    const y = (p - x) / w
    for (const q of [
      x > 0 ? p - 1 : -1,
      x < w - 1 ? p + 1 : -1,
      y > 0 ? p - w : -1,
      y < h - 1 ? p + w : -1,
    ]) {
      if (q < 0 || region[q] || edge[q] || wall[q]) continue
      if (bound && bound[q]! < 128) continue
      const step = Math.hypot(L[q]! - L[p]!, A[q]! - A[p]!, B[q]! - B[p]!)
      if (step > STEP_DE) continue
      if (Math.hypot(A[q]! - sa, B[q]! - sb) > CHROMA_DE || Math.abs(L[q]! - sl) > LIGHTNESS_SPAN) continue
      region[q] = 1
      queue[tail++] = q
    }
  }
  // the edge and line pixels bordering the region belong to it (they are its own boundary, one pixel wide)
  const grown = region.slice()
  for (let p = 0; p < w * h; p++) {
    if (region[p] || !(edge[p] || wall[p])) continue
    const x = p % w
    const near =
      (x > 0 && region[p - 1]) || (x < w - 1 && region[p + 1]) || region[p - w] === 1 || region[p + w] === 1
    if (near && !(bound && bound[p]! < 128)) grown[p] = 1
  }
  fillSmallHoles(grown, w, h, Math.max(4, Math.round(tail * HOLE)))
  let on = 0
  for (const v of grown) on += v
  if (on / (w * h) < MIN_SURFACE) return null
  // to the photo's size: a linear upscale gives a soft edge about one working pixel wide
  const up = await resizeGrey(
    grown.map((v) => v * 255),
    w,
    h,
    width,
    height,
    'linear',
  )
  const mask = new Uint8Array(up.buffer, up.byteOffset, up.length)
  if (lasso) for (let p = 0; p < mask.length; p++) if (lasso[p]! < 128) mask[p] = 0
  let any = 0
  for (const v of mask) if (v) any++
  return { mask, width, height, share: any / mask.length }
}

/** Holes (background components not touching the border) of at most `max` pixels join the region. */
function fillSmallHoles(region: Uint8Array, w: number, h: number, max: number): void {
  const seen = new Uint8Array(w * h)
  const stack: number[] = []
  for (let s = 0; s < w * h; s++) {
    if (region[s] || seen[s]) continue
    const component: number[] = []
    let border = false
    stack.push(s)
    seen[s] = 1
    while (stack.length) {
      const p = stack.pop()!
      component.push(p)
      const x = p % w
      const y = (p - x) / w
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border = true
      for (const q of [
        x > 0 ? p - 1 : -1,
        x < w - 1 ? p + 1 : -1,
        y > 0 ? p - w : -1,
        y < h - 1 ? p + w : -1,
      ]) {
        if (q >= 0 && !region[q] && !seen[q]) {
          seen[q] = 1
          stack.push(q)
        }
      }
    }
    if (!border && component.length <= max) for (const p of component) region[p] = 1
  }
}

// OKLab (Björn Ottosson, 2020): perceptual lightness and hue, so the shade of a wall is kept as a lightness ratio
export const LIN = Float32Array.from({ length: 256 }, (_, v) => {
  const s = v / 255
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
})
export function linToOklab(r: number, g: number, b: number): [number, number, number] {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ]
}
function oklabToLin(L: number, a: number, b: number): [number, number, number] {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ]
}
export const toByte = (lin: number) => {
  const c = Math.min(1, Math.max(0, lin))
  return Math.round((c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055) * 255)
}
const fromGamma = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)

export interface Repainted {
  image: RawImage
  /** CIEDE2000 between the colour asked and the repainted surface's mean colour (inside, away from its edge) */
  deltaE: number
  /** fraction of the pixels outside the surface that differ from the photo */
  outsideChanged: number
  share: number
}

/**
 * Recolours the surface: the paint's colour (linear light) times the light on each pixel, read as the pixel's
 * OKLab lightness against the surface's mean (cubed back to light) — the light and shade kept, the old colour
 * gone, as a new coat under the same lamps. The paint is corrected in OKLab by what the result measures (up to
 * three times), so the surface's mean lands on the colour asked despite rounding and the gamut's edge.
 */
export function repaintSurface(image: RawImage, surface: Surface, target: Lab): Repainted {
  const { width, height } = image
  const src = image.data
  const n = width * height
  const inside: number[] = []
  let meanL = 0
  for (let p = 0; p < n; p++) {
    if (surface.mask[p] === 255) {
      const i = p * 3
      meanL += linToOklab(LIN[src[i]!]!, LIN[src[i + 1]!]!, LIN[src[i + 2]!]!)[0]
      inside.push(p)
    }
  }
  if (!inside.length) throw new Error('empty surface')
  meanL /= inside.length
  const rgb = labToSrgb(target)
  let [tL, ta, tb] = linToOklab(fromGamma(rgb[0]), fromGamma(rgb[1]), fromGamma(rgb[2]))
  let paint = oklabToLin(tL, ta, tb)
  const sample = inside.filter((_, j) => j % 7 === 0)
  // the light on each pixel, relative to the surface's mean: OKLab lightness ratio, cubed back to light
  const colourAt = (p: number, out: Uint8Array | Buffer, o: number) => {
    const i = p * 3
    const L0 = linToOklab(LIN[src[i]!]!, LIN[src[i + 1]!]!, LIN[src[i + 2]!]!)[0]
    const light = (L0 / meanL) ** 3
    out[o] = toByte(paint[0] * light)
    out[o + 1] = toByte(paint[1] * light)
    out[o + 2] = toByte(paint[2] * light)
  }
  const measure = () => {
    const px = new Uint8Array(3)
    let l = 0
    let a = 0
    let b = 0
    for (const p of sample) {
      colourAt(p, px, 0)
      const lab = rgbToLab(px[0]!, px[1]!, px[2]!)
      l += lab[0]
      a += lab[1]
      b += lab[2]
    }
    return [l / sample.length, a / sample.length, b / sample.length] as Lab
  }
  // two corrections: the mean of the result in CIELAB against the target, moved back through OKLab
  for (let round = 0; round < 3; round++) {
    const got = measure()
    if (ciede2000(target, got) < 0.3) break
    const gotRgb = labToSrgb(got)
    const g = linToOklab(fromGamma(gotRgb[0]), fromGamma(gotRgb[1]), fromGamma(gotRgb[2]))
    const want = linToOklab(fromGamma(rgb[0]), fromGamma(rgb[1]), fromGamma(rgb[2]))
    tL += want[0] - g[0]
    ta += want[1] - g[1]
    tb += want[2] - g[2]
    paint = oklabToLin(tL, ta, tb).map((v) => Math.max(0, v)) as [number, number, number]
  }
  return writeSurface(image, surface, target, colourAt)
}

/**
 * Writes a colour on every pixel of the surface, its soft edge blended with the photo, and measures the result
 * against `target`: shared by the paint and the material (docs/decisions/0112, 0120), so both report the same
 * figures the same way.
 */
export function writeSurface(
  image: RawImage,
  surface: Surface,
  target: Lab,
  colourAt: (p: number, out: Uint8Array | Buffer, o: number) => void,
): Repainted {
  const src = image.data
  const out = Buffer.from(src)
  const px = new Uint8Array(3)
  for (let p = 0; p < image.width * image.height; p++) {
    const m = surface.mask[p]!
    if (!m) continue
    const i = p * 3
    colourAt(p, px, 0)
    const t = m / 255
    for (let c = 0; c < 3; c++)
      out[i + c] = m === 255 ? px[c]! : Math.round(src[i + c]! * (1 - t) + px[c]! * t)
  }
  const result: RawImage = { data: out, width: image.width, height: image.height, channels: 3 }
  return {
    image: result,
    deltaE: measuredDeltaE(result, surface, target),
    outsideChanged: changedOutside(image, result, surface),
    share: surface.share,
  }
}

/** CIEDE2000 between the target and the mean CIELAB of the surface's inside pixels, as the result holds them. */
function measuredDeltaE(result: RawImage, surface: Surface, target: Lab): number {
  let l = 0
  let a = 0
  let b = 0
  let n = 0
  for (let p = 0; p < surface.mask.length; p++) {
    if (surface.mask[p] !== 255) continue
    const i = p * 3
    const lab = rgbToLab(result.data[i]!, result.data[i + 1]!, result.data[i + 2]!)
    l += lab[0]
    a += lab[1]
    b += lab[2]
    n++
  }
  return ciede2000(target, [l / n, a / n, b / n])
}

/** The share of pixels outside the surface whose value differs between photo and result. */
function changedOutside(photo: RawImage, result: RawImage, surface: Surface): number {
  let outside = 0
  let changed = 0
  for (let p = 0; p < surface.mask.length; p++) {
    if (surface.mask[p]) continue
    outside++
    const i = p * 3
    if (
      photo.data[i] !== result.data[i] ||
      photo.data[i + 1] !== result.data[i + 1] ||
      photo.data[i + 2] !== result.data[i + 2]
    )
      changed++
  }
  return outside ? changed / outside : 0
}

export type SurfaceKind = 'floor' | 'wall' | 'ceiling'

/**
 * What a surface most likely is, from where it lies in the picture (docs/decisions/0120-repaint-materials.md): a
 * floor reaches the bottom edge and lies low, a ceiling reaches the top and lies high, anything else is a wall.
 * A guess from the shape alone: it picks the materials the screen offers and how the engine lays one.
 */
export function surfaceKind(surface: Surface): SurfaceKind {
  const { mask, width, height } = surface
  let top = height
  let bottom = -1
  let sumY = 0
  let n = 0
  for (let y = 0; y < height; y++) {
    let row = 0
    for (let x = 0, p = y * width; x < width; x++, p++) if (mask[p]! >= 128) row++
    if (!row) continue
    if (y < top) top = y
    bottom = y
    sumY += row * y
    n += row
  }
  if (!n) return 'wall'
  const mean = sumY / n / height
  if (bottom >= 0.9 * height && mean >= 0.55 && top >= 0.3 * height) return 'floor'
  if (top <= 0.1 * height && mean <= 0.45 && bottom <= 0.7 * height) return 'ceiling'
  return 'wall'
}
