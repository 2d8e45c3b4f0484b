import type { Rgb } from './color.ts'
import type { RawImage } from './image-io.ts'

/** A lookup table per channel: tone changes over millions of pixels cost one array read each. */
export type Luts = [Uint8Array, Uint8Array, Uint8Array]

export function lut(fn: (x: number) => number): Uint8Array {
  const out = new Uint8Array(256)
  for (let v = 0; v < 256; v++) {
    const y = fn(v / 255) * 255
    out[v] = y <= 0 ? 0 : y >= 255 ? 255 : Math.round(y)
  }
  return out
}

/** Chains curves: the result applies `first`, then `then`. */
export function chain(first: Luts, then: Luts): Luts {
  return first.map((table, c) => table.map((v) => then[c]![v]!)) as Luts
}

export function applyLuts(img: RawImage, luts: Luts): void {
  const [r, g, b] = luts
  const d = img.data
  for (let i = 0; i < d.length; i += 3) {
    d[i] = r[d[i]!]!
    d[i + 1] = g[d[i + 1]!]!
    d[i + 2] = b[d[i + 2]!]!
  }
}

/** Exposure as a gamma: +1 opens the mid-tones by about a stop, -1 closes them; black and white stay put. */
export function brightnessCurve(amount: number): Luts {
  const gamma = 0.72 ** amount
  const table = lut((x) => x ** gamma)
  return [table, Uint8Array.from(table), Uint8Array.from(table)]
}

/** An S-curve around mid-grey (negative flattens); endpoints fixed, monotonic for |amount| ≤ 1.5. */
export function contrastCurve(amount: number): Luts {
  const k = Math.max(-0.9, Math.min(0.9, 0.55 * amount))
  const table = lut((x) => x - (k * Math.sin(2 * Math.PI * x)) / (2 * Math.PI))
  return [table, Uint8Array.from(table), Uint8Array.from(table)]
}

/** Colour temperature: positive warms (red up, blue down), like moving a white-balance slider. */
export function warmthCurves(amount: number): Luts {
  const gain = (k: number) => lut((x) => x * k + (k < 1 ? 0 : 0))
  return [gain(1 + 0.09 * amount), gain(1 + 0.015 * amount), gain(1 - 0.11 * amount)]
}

/** Per-channel gains (white balance), with a soft shoulder so boosted channels do not clip flat. */
export function gainCurves([r, g, b]: [number, number, number]): Luts {
  const gain = (k: number) =>
    lut((x) => {
      const y = x * k
      return y <= 0.85 ? y : 0.85 + (1 - 0.85) * Math.tanh((y - 0.85) / (1 - 0.85))
    })
  return [gain(r), gain(g), gain(b)]
}

/** Levels: maps `black`..`white` (0..255) to the full range, then a gamma on the result. */
export function levelsCurve(black: number, white: number, gamma = 1): Luts {
  const span = Math.max(1, white - black)
  const table = lut((x) => Math.max(0, Math.min(1, (x * 255 - black) / span)) ** gamma)
  return [table, Uint8Array.from(table), Uint8Array.from(table)]
}

/** Scales chroma around each pixel's luminance: 0 = grey, 1 = unchanged, >1 richer. */
export function saturateImage(img: RawImage, factor: number, vibrance = false): void {
  const d = img.data
  for (let i = 0; i < d.length; i += 3) {
    const r = d[i]!
    const g = d[i + 1]!
    const b = d[i + 2]!
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    // vibrance: a boost lifts the muted colours and spares those already saturated (no garish fabrics)
    const max = Math.max(r, g, b)
    const k =
      vibrance && factor > 1 && max > 0 ? 1 + (factor - 1) * (1 - (max - Math.min(r, g, b)) / max) : factor
    const nr = y + (r - y) * k
    const ng = y + (g - y) * k
    const nb = y + (b - y) * k
    d[i] = nr <= 0 ? 0 : Math.min(nr, 255)
    d[i + 1] = ng <= 0 ? 0 : Math.min(ng, 255)
    d[i + 2] = nb <= 0 ? 0 : Math.min(nb, 255)
  }
}

/**
 * Shadows toward one colour and highlights toward another, as a colourist grades; strength 0..1. `protect`
 * (0..1) spares colourful pixels, so a navy sofa is not turned teal by a cool grade.
 */
export function splitTone(img: RawImage, shadows: Rgb, highlights: Rgb, strength: number, protect = 0): void {
  const d = img.data
  const sh = shadows.map((v) => v - 128)
  const hi = highlights.map((v) => v - 128)
  for (let i = 0; i < d.length; i += 3) {
    const y = (0.2126 * d[i]! + 0.7152 * d[i + 1]! + 0.0722 * d[i + 2]!) / 255
    const max = Math.max(d[i]!, d[i + 1]!, d[i + 2]!)
    const sat = max > 0 ? (max - Math.min(d[i]!, d[i + 1]!, d[i + 2]!)) / max : 0
    const keep = 1 - protect * Math.min(1, sat * 2.5)
    const ws = (1 - y) * (1 - y) * strength * keep
    const wh = y * y * strength * keep
    for (let c = 0; c < 3; c++) {
      const v = d[i + c]! + sh[c]! * ws + hi[c]! * wh
      d[i + c] = v <= 0 ? 0 : Math.min(v, 255)
    }
  }
}

export function luminanceOf(img: RawImage): Uint8Array {
  const d = img.data
  const out = new Uint8Array(img.width * img.height)
  for (let i = 0, p = 0; p < out.length; i += 3, p++) {
    out[p] = (0.2126 * d[i]! + 0.7152 * d[i + 1]! + 0.0722 * d[i + 2]!) | 0
  }
  return out
}

/** Percentile of a 0..255 histogram (p in 0..1). */
export function percentile(histogram: Uint32Array, total: number, p: number): number {
  let acc = 0
  const target = total * p
  for (let v = 0; v < 256; v++) {
    acc += histogram[v]!
    if (acc >= target) return v
  }
  return 255
}
