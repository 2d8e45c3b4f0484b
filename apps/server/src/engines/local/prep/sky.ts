import type { SkyMood } from '@parti/contract'
import sharp from 'sharp'
import type { RawImage } from '../image-io.ts'
import type { Segment } from './geometry.ts'
import { segmentsOf } from './straighten.ts'

// A new sky on the built-in engine (docs/decisions/0110-sky-and-dusk.md): the sky is the bright, smooth region
// connected to the top edge, grown on a small copy with the detected roof and wall lines (M-LSD) as walls it
// cannot cross; a confidence says how cleanly it was bounded. The sky is painted as a gradient with soft
// clouds, and the rest of the photo takes one colour table per mood, so nothing below the roofline is moved.

/** the sky is found on a copy this long */
const WORK_LONG_SIDE = 640
/** a region smaller than this share of the picture is not a sky */
const MIN_AREA = 0.03
/** below this confidence the request is refused, free */
export const MIN_SKY_CONFIDENCE = 0.6
/** the detector's lines are drawn this thick (working pixels) as walls of the growth */
const LINE_HALF_WIDTH = 1
/** a step between neighbours larger than this (sum of |ΔRGB|) stops the growth */
const MAX_STEP = 24
/** local gradient (working pixels) above which a pixel is texture, not sky */
const MAX_TEXTURE = 28

export interface SkyMask {
  /** 1 where the sky is, on the working copy */
  mask: Uint8Array
  width: number
  height: number
  /** 0–1 */
  confidence: number
  /** the share of the picture that is sky, 0–1 */
  area: number
  /** mean luma of the sky on the working copy */
  skyLuma: number
  /** the lowest row the sky reaches in most columns, 0–1 of the height */
  horizon: number
  /** the detector's segments in the photo's own pixels (dusk looks for windows in them) */
  segments: Segment[]
  /** the photo's own size */
  photoWidth: number
  photoHeight: number
}

const luma = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b

/** Draws a segment into a mask, `half` pixels either side. */
function drawSegment(mask: Uint8Array, w: number, h: number, s: Segment, half: number): void {
  const len = Math.hypot(s.x2 - s.x1, s.y2 - s.y1)
  const steps = Math.max(1, Math.ceil(len * 2))
  for (let i = 0; i <= steps; i++) {
    const x = Math.round(s.x1 + ((s.x2 - s.x1) * i) / steps)
    const y = Math.round(s.y1 + ((s.y2 - s.y1) * i) / steps)
    for (let dy = -half; dy <= half; dy++)
      for (let dx = -half; dx <= half; dx++) {
        const xx = x + dx
        const yy = y + dy
        if (xx >= 0 && yy >= 0 && xx < w && yy < h) mask[yy * w + xx] = 1
      }
  }
}

/**
 * The sky of a photo, or null when none is found at all; `confidence` says how cleanly it is bounded (the
 * caller refuses under MIN_SKY_CONFIDENCE).
 */
export async function findSky(image: Buffer): Promise<SkyMask | null> {
  const found = await segmentsOf(image)
  const photoWidth = found?.width ?? (await sharp(image).rotate().metadata()).width ?? 0
  const photoHeight = found?.height ?? (await sharp(image).rotate().metadata()).height ?? 0
  const k = Math.min(1, WORK_LONG_SIDE / Math.max(photoWidth, photoHeight))
  const w = Math.max(1, Math.round(photoWidth * k))
  const h = Math.max(1, Math.round(photoHeight * k))
  const rgb = await sharp(image).rotate().resize(w, h, { fit: 'fill' }).removeAlpha().raw().toBuffer()
  const n = w * h
  const L = new Float32Array(n)
  for (let p = 0; p < n; p++) L[p] = luma(rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!)
  const grad = new Float32Array(n)
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x
      grad[p] = Math.abs(L[p + 1]! - L[p - 1]!) + Math.abs(L[p + w]! - L[p - w]!)
    }
  // the detector's lines are walls the sky cannot cross
  const walls = new Uint8Array(n)
  const segments = found?.segments ?? []
  for (const s of segments)
    drawSegment(walls, w, h, { x1: s.x1 * k, y1: s.y1 * k, x2: s.x2 * k, y2: s.y2 * k }, LINE_HALF_WIDTH)
  // sky-like: bright enough, smooth, grey-white or blue (not the saturated warm of a wall or a roof)
  const skyLike = (p: number) => {
    const r = rgb[p * 3]!
    const g = rgb[p * 3 + 1]!
    const b = rgb[p * 3 + 2]!
    const sat = Math.max(r, g, b) - Math.min(r, g, b)
    return L[p]! >= 110 && grad[p]! <= MAX_TEXTURE && (sat <= 40 || (b >= r && b >= g - 10))
  }
  const mask = new Uint8Array(n)
  const queue = new Int32Array(n)
  let head = 0
  let tail = 0
  for (let x = 0; x < w; x++)
    if (!walls[x] && skyLike(x)) {
      mask[x] = 1
      queue[tail++] = x
    }
  const step = (a: number, b: number) =>
    Math.abs(rgb[a * 3]! - rgb[b * 3]!) +
    Math.abs(rgb[a * 3 + 1]! - rgb[b * 3 + 1]!) +
    Math.abs(rgb[a * 3 + 2]! - rgb[b * 3 + 2]!)
  while (head < tail) {
    const p = queue[head++]!
    const x = p % w
    const y = (p - x) / w
    const near = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]
    for (const q of near) {
      if (q < 0 || mask[q] || walls[q] || !skyLike(q) || step(p, q) > MAX_STEP) continue
      mask[q] = 1
      queue[tail++] = q
    }
  }
  // the growth stops a pixel short of each line: the line's own pixels next to the sky and as bright as it
  // are sky too (the roof edge is then the lines' far side)
  const area0 = tail / n
  if (area0 < MIN_AREA) return null
  let skySum = 0
  let skySq = 0
  let restSum = 0
  for (let p = 0; p < n; p++) {
    if (mask[p]) {
      skySum += L[p]!
      skySq += L[p]! ** 2
    } else restSum += L[p]!
  }
  const skyLuma = skySum / tail
  const skyStd = Math.sqrt(Math.max(0, skySq / tail - skyLuma ** 2))
  const restLuma = n > tail ? restSum / (n - tail) : 0
  // how the sky ends: every sky pixel with ground below it should meet a line or a clear edge there
  let bounded = 0
  let boundary = 0
  for (let y = 0; y < h - 1; y++)
    for (let x = 0; x < w; x++) {
      const p = y * w + x
      if (!mask[p] || mask[p + w]) continue
      boundary++
      let edge = false
      for (let d = 1; d <= 3 && !edge && y + d < h; d++) {
        const q = p + d * w
        if (walls[q] || grad[q]! > 40 || Math.abs(L[q]! - skyLuma) > 45) edge = true
      }
      if (edge) bounded++
    }
  const edgeScore = boundary ? bounded / boundary : 0
  let top = 0
  for (let x = 0; x < w; x++) top += mask[x]!
  const coverScore = Math.min(1, top / w / 0.5)
  const brightScore = Math.max(0, Math.min(1, (skyLuma - restLuma) / 40))
  const smoothScore = Math.max(0, Math.min(1, 1 - (skyStd - 12) / 40))
  const confidence = 0.45 * edgeScore + 0.2 * coverScore + 0.2 * brightScore + 0.15 * smoothScore
  // the horizon: the row above which 90 % of the sky lies
  const rows = new Float64Array(h)
  for (let p = 0; p < n; p++) if (mask[p]) rows[Math.floor(p / w)]!++
  let acc = 0
  let horizonRow = 0
  for (let y = 0; y < h; y++) {
    acc += rows[y]!
    if (acc >= 0.9 * tail) {
      horizonRow = y
      break
    }
  }
  return {
    mask,
    width: w,
    height: h,
    confidence,
    area: area0,
    skyLuma,
    horizon: (horizonRow + 1) / h,
    segments,
    photoWidth,
    photoHeight,
  }
}

/** colour stops of each sky, top (0) to horizon (1) */
const SKIES: Record<SkyMood | 'night-dusk', [number, [number, number, number]][]> = {
  blue: [
    [0, [44, 102, 184]],
    [0.6, [104, 160, 222]],
    [1, [188, 216, 240]],
  ],
  golden: [
    [0, [72, 108, 168]],
    [0.5, [196, 170, 158]],
    [1, [250, 192, 124]],
  ],
  dusk: [
    [0, [24, 32, 74]],
    [0.45, [92, 72, 132]],
    [0.8, [216, 112, 96]],
    [1, [248, 164, 96]],
  ],
  'night-dusk': [
    [0, [12, 18, 52]],
    [0.5, [54, 50, 108]],
    [0.85, [168, 88, 96]],
    [1, [232, 140, 84]],
  ],
}

/** A colour table per channel: the grade of everything that is not sky. */
type Grade = [Uint8Array, Uint8Array, Uint8Array]

function table(f: (v: number, channel: 0 | 1 | 2) => number): Grade {
  const g: Grade = [new Uint8Array(256), new Uint8Array(256), new Uint8Array(256)]
  for (const c of [0, 1, 2] as const)
    for (let v = 0; v < 256; v++) g[c][v] = Math.round(Math.max(0, Math.min(255, f(v / 255, c) * 255)))
  return g
}

/** The grade that matches the rest of the photo to each sky (per channel, so it moves no edge). */
function gradeFor(mood: SkyMood | 'night-dusk'): Grade {
  switch (mood) {
    case 'blue':
      // a touch more contrast and a cooler white, as under a clear sky
      return table((v, c) => (v - 0.03 * Math.sin(2 * Math.PI * v)) * [0.98, 1, 1.03][c]!)
    case 'golden':
      return table((v, c) => (0.03 + 0.97 * v) * [1.08, 1.01, 0.86][c]!)
    case 'dusk':
      return table((v, c) => v ** 1.3 * 0.85 * [0.97, 0.93, 1.06][c]!)
    case 'night-dusk':
      return table((v, c) => v ** 1.55 * 0.62 * [0.92, 0.92, 1.1][c]!)
  }
}

const linear = (v: number) => {
  const c = v / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/**
 * How much brighter (positive) or darker the ground became, in stops: mean linear luminance of the pixels left
 * out of the sky, after over before, measured on a sample.
 */
export function groundExposureChange(before: RawImage, after: RawImage, alpha: Float32Array): number {
  let a = 0
  let b = 0
  const c = before.channels
  const n = before.width * before.height
  const step = Math.max(1, Math.floor(n / 200_000))
  for (let p = 0; p < n; p += step) {
    if (alpha[p]! > 0) continue
    const i = p * c
    b +=
      0.2126 * linear(before.data[i]!) +
      0.7152 * linear(before.data[i + 1]!) +
      0.0722 * linear(before.data[i + 2]!)
    a +=
      0.2126 * linear(after.data[i]!) +
      0.7152 * linear(after.data[i + 1]!) +
      0.0722 * linear(after.data[i + 2]!)
  }
  return a > 0 && b > 0 ? Math.log2(a / b) : 0
}

/** a repeatable pseudo-random sequence (mulberry32) */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface SkyResult {
  image: RawImage
  /** 0–1 per pixel of the result: how much of it is the new sky */
  alpha: Float32Array
  grade: Grade
}

/**
 * The photo with its sky painted in `mood` and the rest graded to match. The working mask is read back at the
 * photo's size; at its edge only pixels as bright as the sky become sky, so the roofline keeps its own pixels.
 */
export function replaceSky(img: RawImage, sky: SkyMask, mood: SkyMood | 'night-dusk', seed = 1): SkyResult {
  const { width: W, height: H, channels: c } = img
  const grade = gradeFor(mood)
  const stops = SKIES[mood]
  const horizonY = Math.max(1, sky.horizon * H)
  const colourAt = (t: number): [number, number, number] => {
    const u = Math.max(0, Math.min(1, t))
    for (let i = 1; i < stops.length; i++) {
      const [t1, c1] = stops[i]!
      if (u <= t1) {
        const [t0, c0] = stops[i - 1]!
        const f = (u - t0) / (t1 - t0)
        return [c0[0] + (c1[0] - c0[0]) * f, c0[1] + (c1[1] - c0[1]) * f, c0[2] + (c1[2] - c0[2]) * f]
      }
    }
    return stops[stops.length - 1]![1]
  }
  // soft clouds: two octaves of value noise, wider than tall, faded in gently (a hard threshold draws squares)
  const next = random(seed)
  const octave = (gw: number, gh: number) => {
    const grid = new Float32Array(gw * gh).map(() => next())
    return (x: number, y: number) => {
      const gx = (x / W) * (gw - 1)
      const gy = Math.min(gh - 1, Math.max(0, y / horizonY) * (gh - 1))
      const x0 = Math.floor(gx)
      const y0 = Math.floor(gy)
      const x1 = Math.min(gw - 1, x0 + 1)
      const y1 = Math.min(gh - 1, y0 + 1)
      const s = (v: number) => v * v * v * (v * (v * 6 - 15) + 10)
      const fx = s(gx - x0)
      const fy = s(gy - y0)
      const a = grid[y0 * gw + x0]! + (grid[y0 * gw + x1]! - grid[y0 * gw + x0]!) * fx
      const b = grid[y1 * gw + x0]! + (grid[y1 * gw + x1]! - grid[y1 * gw + x0]!) * fx
      return a + (b - a) * fy
    }
  }
  const coarse = octave(7, 5)
  const fine = octave(17, 9)
  const amount = mood === 'blue' ? 0.4 : mood === 'golden' ? 0.25 : 0.14
  const cloud = (x: number, y: number) => {
    const v = (2 * coarse(x, y) + fine(x, y)) / 3
    const t = Math.max(0, Math.min(1, (v - 0.45) / 0.4))
    return t * t * (3 - 2 * t) * amount
  }
  const cloudTint: [number, number, number] =
    mood === 'blue' ? [246, 248, 252] : mood === 'golden' ? [255, 226, 196] : [236, 150, 140]
  const alpha = new Float32Array(W * H)
  const out = Buffer.alloc(W * H * c)
  const kx = sky.width / W
  const ky = sky.height / H
  const key = sky.skyLuma - 40
  const m = sky.mask
  const mw = sky.width
  // the columns' places on the mask, once (the same for every row)
  const cx0 = new Int32Array(W)
  const cx1 = new Int32Array(W)
  const cfx = new Float32Array(W)
  for (let x = 0; x < W; x++) {
    const sx = Math.max(0, Math.min(mw - 1, (x + 0.5) * kx - 0.5))
    cx0[x] = Math.floor(sx)
    cx1[x] = Math.min(mw - 1, cx0[x]! + 1)
    cfx[x] = sx - cx0[x]!
  }
  // the clouds change over tens of pixels: a field at a quarter of the size is read back
  const CQ = 4
  const qw = Math.ceil(W / CQ)
  const qh = Math.ceil(H / CQ)
  const clouds = new Float32Array(qw * qh)
  for (let qy = 0; qy < qh; qy++)
    for (let qx = 0; qx < qw; qx++) clouds[qy * qw + qx] = cloud(qx * CQ, qy * CQ)
  for (let y = 0; y < H; y++) {
    const sy = Math.max(0, Math.min(sky.height - 1, (y + 0.5) * ky - 0.5))
    const r0 = Math.floor(sy) * mw
    const r1 = Math.min(sky.height - 1, Math.floor(sy) + 1) * mw
    const fy = sy - Math.floor(sy)
    const base = colourAt(y / horizonY)
    const cloudRow = Math.floor(y / CQ) * qw
    for (let x = 0; x < W; x++) {
      const x0 = cx0[x]!
      const x1 = cx1[x]!
      const fx = cfx[x]!
      const bil =
        (m[r0 + x0]! * (1 - fx) + m[r0 + x1]! * fx) * (1 - fy) +
        (m[r1 + x0]! * (1 - fx) + m[r1 + x1]! * fx) * fy
      const i = (y * W + x) * c
      const r = img.data[i]!
      const g = img.data[i + 1]!
      const b = img.data[i + 2]!
      let a = 0
      if (bil >= 0.999) a = 1
      else if (bil > 0.001) {
        // the edge band: a luma key, so only pixels as bright as the sky are taken
        a = Math.max(0, Math.min(1, (luma(r, g, b) - key) / 30)) * Math.min(1, bil * 2)
      }
      alpha[y * W + x] = a
      if (a === 0) {
        out[i] = grade[0][r]!
        out[i + 1] = grade[1][g]!
        out[i + 2] = grade[2][b]!
      } else {
        const cl = clouds[cloudRow + Math.floor(x / CQ)]!
        // the old sky's light and shade carry a little into the new one, so it is not a flat poster
        const shade = 0.92 + 0.16 * (luma(r, g, b) / 255)
        for (let ch = 0; ch < 3; ch++) {
          const painted = Math.min(255, (base[ch]! * (1 - cl) + cloudTint[ch]! * cl) * shade)
          const kept = grade[ch as 0 | 1 | 2][img.data[i + ch]!]!
          out[i + ch] = Math.round(kept + (painted - kept) * a)
        }
      }
      if (c === 4) out[i + 3] = img.data[i + 3]!
    }
  }
  return { image: { data: out, width: W, height: H, channels: c }, alpha, grade }
}
