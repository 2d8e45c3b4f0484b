import type { RawImage } from '../image-io.ts'

// Better light on the built-in engine (docs/decisions/0109-light.md): exposure and white balance in linear
// light, a shoulder instead of a clip, blown windows kept out of the exposure gain, CLAHE on the luma for
// local contrast, and the whole mixed with the photo by the strength asked for. Pure typed-array passes: a
// 12 MP photo is a few passes over its bytes.

/** sRGB byte → linear light, and back through a 4096-step table */
const TO_LINEAR = new Float32Array(256)
for (let i = 0; i < 256; i++) {
  const c = i / 255
  TO_LINEAR[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}
const STEPS = 4096
const TO_SRGB = new Uint8Array(STEPS + 1)
for (let i = 0; i <= STEPS; i++) {
  const c = i / STEPS
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055
  TO_SRGB[i] = Math.round(Math.max(0, Math.min(1, s)) * 255)
}
const srgb = (linear: number) => TO_SRGB[Math.round(Math.max(0, Math.min(1, linear)) * STEPS)]!

/** a linear value from which highlights roll off instead of clipping */
const SHOULDER = 0.62
const shoulder = (y: number) =>
  y <= SHOULDER ? y : SHOULDER + (y - SHOULDER) / (1 + (y - SHOULDER) / (1 - SHOULDER))

/** the linear mid-grey the room's log-average is brought to */
const KEY = 0.18
const MAX_GAIN = 2.8
const MIN_GAIN = 0.6
/** a byte this high in every channel is blown */
const BLOWN = 245
/** cells of this many pixels a side decide where windows are */
const CELL = 8
/** CLAHE: tiles across the longer side, and the histogram clip as a multiple of the mean bin */
const CLAHE_TILES = 8
const CLAHE_CLIP = 2.5
/** how much of CLAHE's luma is taken (full CLAHE is harsh on a photo) */
const CLAHE_MIX = 0.55

export interface LightResult {
  image: RawImage
  /** the exposure change of the room (windows excepted), in stops */
  ev: number
  /** the colour cast (largest of |R/G − 1| and |B/G − 1| of the mid-tones, per cent) before and after */
  castBefore: number
  castAfter: number
  /** the share of the picture treated as bright windows, 0–1 */
  windows: number
  /** the share of pixels blown (every channel ≥ 250) before and after, 0–1 */
  clipBefore: number
  clipAfter: number
}

/** The mid-tones' colour cast, per cent: how far their mean is from grey, channel by channel, in linear light. */
export function colourCast(img: RawImage): number {
  let r = 0
  let g = 0
  let b = 0
  const c = img.channels
  const step = Math.max(1, Math.floor((img.width * img.height) / 250_000))
  for (let p = 0; p < img.width * img.height; p += step) {
    const i = p * c
    const lr = TO_LINEAR[img.data[i]!]!
    const lg = TO_LINEAR[img.data[i + 1]!]!
    const lb = TO_LINEAR[img.data[i + 2]!]!
    const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
    if (y < 0.02 || y > 0.8) continue
    r += lr
    g += lg
    b += lb
  }
  if (g === 0) return 0
  return Math.round(100 * Math.max(Math.abs(r / g - 1), Math.abs(b / g - 1)))
}

/** The share of pixels with every channel at 250 or more. */
export function blownShare(img: RawImage): number {
  let n = 0
  const c = img.channels
  const px = img.width * img.height
  for (let i = 0; i < px * c; i += c) {
    if (img.data[i]! >= 250 && img.data[i + 1]! >= 250 && img.data[i + 2]! >= 250) n++
  }
  return n / px
}

/**
 * Where the bright windows are: cells whose pixels are mostly blown, grown by a cell and softened, as a weight
 * 0–1 on a coarse grid read back bilinearly.
 */
function windowCells(img: RawImage): { grid: Float32Array; cw: number; ch: number; share: number } {
  const cw = Math.ceil(img.width / CELL)
  const ch = Math.ceil(img.height / CELL)
  const blown = new Float32Array(cw * ch)
  const count = new Float32Array(cw * ch)
  const c = img.channels
  for (let y = 0; y < img.height; y += 2) {
    const row = Math.floor(y / CELL) * cw
    for (let x = 0; x < img.width; x += 2) {
      const i = (y * img.width + x) * c
      const k = row + Math.floor(x / CELL)
      count[k]!++
      if (Math.min(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!) >= BLOWN) blown[k]!++
    }
  }
  const hard = new Float32Array(cw * ch)
  for (let k = 0; k < hard.length; k++) hard[k] = count[k]! && blown[k]! / count[k]! > 0.5 ? 1 : 0
  // a window is a patch of such cells, not a specular glint: keep cells with most of their 5×5 neighbourhood blown
  const grid = new Float32Array(cw * ch)
  let share = 0
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      let s = 0
      let n = 0
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          const yy = y + dy
          const xx = x + dx
          if (yy < 0 || xx < 0 || yy >= ch || xx >= cw) continue
          s += hard[yy * cw + xx]!
          n++
        }
      const v = Math.max(0, Math.min(1, (s / n - 0.25) / 0.35))
      grid[y * cw + x] = v
      if (v > 0.5) share++
    }
  return { grid, cw, ch, share: share / (cw * ch) }
}

function sampleGrid(grid: Float32Array, cw: number, ch: number, x: number, y: number): number {
  const gx = Math.max(0, Math.min(cw - 1, x / CELL - 0.5))
  const gy = Math.max(0, Math.min(ch - 1, y / CELL - 0.5))
  const x0 = Math.floor(gx)
  const y0 = Math.floor(gy)
  const x1 = Math.min(cw - 1, x0 + 1)
  const y1 = Math.min(ch - 1, y0 + 1)
  const fx = gx - x0
  const fy = gy - y0
  const a = grid[y0 * cw + x0]! * (1 - fx) + grid[y0 * cw + x1]! * fx
  const b = grid[y1 * cw + x0]! * (1 - fx) + grid[y1 * cw + x1]! * fx
  return a * (1 - fy) + b * fy
}

/**
 * Contrast-limited adaptive histogram equalisation of an 8-bit luma plane: a clipped, redistributed histogram
 * per tile, its cumulative sum as the tile's curve, and each pixel mapped by the four nearest tiles' curves.
 */
function clahe(luma: Uint8Array, width: number, height: number): Uint8Array {
  const side = Math.max(width, height) / CLAHE_TILES
  const tx = Math.max(1, Math.round(width / side))
  const ty = Math.max(1, Math.round(height / side))
  const tw = width / tx
  const th = height / ty
  const maps = new Uint8Array(tx * ty * 256)
  const hist = new Float64Array(256)
  for (let j = 0; j < ty; j++)
    for (let i = 0; i < tx; i++) {
      hist.fill(0)
      const x0 = Math.floor(i * tw)
      const x1 = Math.floor((i + 1) * tw)
      const y0 = Math.floor(j * th)
      const y1 = Math.floor((j + 1) * th)
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) hist[luma[y * width + x]!]!++
      const n = (x1 - x0) * (y1 - y0)
      const limit = Math.max(1, (CLAHE_CLIP * n) / 256)
      let excess = 0
      for (let v = 0; v < 256; v++)
        if (hist[v]! > limit) {
          excess += hist[v]! - limit
          hist[v] = limit
        }
      const add = excess / 256
      let sum = 0
      const base = (j * tx + i) * 256
      for (let v = 0; v < 256; v++) {
        sum += hist[v]! + add
        maps[base + v] = Math.round((255 * sum) / n)
      }
    }
  const out = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    const gy = Math.max(0, Math.min(ty - 1, y / th - 0.5))
    const j0 = Math.floor(gy)
    const j1 = Math.min(ty - 1, j0 + 1)
    const fy = gy - j0
    for (let x = 0; x < width; x++) {
      const gx = Math.max(0, Math.min(tx - 1, x / tw - 0.5))
      const i0 = Math.floor(gx)
      const i1 = Math.min(tx - 1, i0 + 1)
      const fx = gx - i0
      const v = luma[y * width + x]!
      const a = maps[(j0 * tx + i0) * 256 + v]! * (1 - fx) + maps[(j0 * tx + i1) * 256 + v]! * fx
      const b = maps[(j1 * tx + i0) * 256 + v]! * (1 - fx) + maps[(j1 * tx + i1) * 256 + v]! * fx
      out[y * width + x] = Math.round(a * (1 - fy) + b * fy)
    }
  }
  return out
}

/**
 * The photo with its light corrected, mixed with the photo by `strength` (0–1). The exposure gain is measured
 * on the room (the windows' cells left out) and not applied to the windows, which only roll off.
 */
export function lightPhoto(img: RawImage, strength: number): LightResult {
  const { width, height, channels: c } = img
  const px = width * height
  const win = windowCells(img)
  // statistics of the room: log-average luminance and the mid-tones' mean colour, windows left out
  let logSum = 0
  let n = 0
  let sr = 0
  let sg = 0
  let sb = 0
  const step = Math.max(1, Math.floor(px / 300_000))
  for (let p = 0; p < px; p += step) {
    const x = p % width
    const y = (p - x) / width
    if (sampleGrid(win.grid, win.cw, win.ch, x, y) > 0.5) continue
    const i = p * c
    const lr = TO_LINEAR[img.data[i]!]!
    const lg = TO_LINEAR[img.data[i + 1]!]!
    const lb = TO_LINEAR[img.data[i + 2]!]!
    const lum = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
    logSum += Math.log(lum + 1e-4)
    n++
    if (lum > 0.02 && lum < 0.8) {
      sr += lr
      sg += lg
      sb += lb
    }
  }
  const logAverage = n ? Math.exp(logSum / n) : KEY
  const gain = Math.max(MIN_GAIN, Math.min(MAX_GAIN, KEY / logAverage))
  // grey world on the mid-tones, gains kept to a plausible light (a room is not meant to be grey everywhere)
  const clampWb = (v: number) => Math.max(0.75, Math.min(1.33, v))
  const wbR = sr && sg ? clampWb(sg / sr) : 1
  const wbB = sb && sg ? clampWb(sg / sb) : 1
  // the gains keep luminance: the white balance alone neither brightens nor darkens
  const norm = 1 / (0.2126 * wbR + 0.7152 + 0.0722 * wbB)
  const gR = wbR * norm
  const gG = norm
  const gB = wbB * norm

  // exposure, white balance and the shoulder, per pixel; the windows keep gain 1
  const graded = Buffer.alloc(px * 3)
  const luma = new Uint8Array(px)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x
      const i = p * c
      const w = win.share > 0 ? sampleGrid(win.grid, win.cw, win.ch, x, y) : 0
      const g = gain * (1 - w) + w
      const r = shoulder(TO_LINEAR[img.data[i]!]! * gR * g)
      const gg = shoulder(TO_LINEAR[img.data[i + 1]!]! * gG * g)
      const b = shoulder(TO_LINEAR[img.data[i + 2]!]! * gB * g)
      const o = p * 3
      graded[o] = srgb(r)
      graded[o + 1] = srgb(gg)
      graded[o + 2] = srgb(b)
      luma[p] = srgb(0.2126 * r + 0.7152 * gg + 0.0722 * b)
    }
  // local contrast: CLAHE's luma, partly, as a gain on the three channels (the colour is kept)
  const eq = clahe(luma, width, height)
  const s = Math.max(0, Math.min(1, strength))
  const out = Buffer.alloc(px * c)
  for (let p = 0; p < px; p++) {
    const l = luma[p]!
    const target = l + CLAHE_MIX * (eq[p]! - l)
    const k = l > 0 ? target / l : 1
    const i = p * c
    const o = p * 3
    for (let ch = 0; ch < 3; ch++) {
      const corrected = Math.min(255, graded[o + ch]! * k)
      out[i + ch] = Math.round(img.data[i + ch]! + s * (corrected - img.data[i + ch]!))
    }
    if (c === 4) out[i + 3] = img.data[i + 3]!
  }
  const image: RawImage = { data: out, width, height, channels: c }
  return {
    image,
    ev: s * Math.log2(gain),
    castBefore: colourCast(img),
    castAfter: colourCast(image),
    windows: win.share,
    clipBefore: blownShare(img),
    clipAfter: blownShare(image),
  }
}
