/** Colours as 0..255 RGB triples, and the few conversions the looks need. */
export type Rgb = readonly [number, number, number]

export function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim())
  if (!m) return null
  const n = Number.parseInt(m[1]!, 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function clamp255(v: number): number {
  return Math.min(255, Math.max(0, v))
}

/** Relative luminance on a 0..1 scale (Rec. 709 weights on gamma-encoded values: good enough for ordering). */
export function luminance([r, g, b]: Rgb): number {
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

export function scale([r, g, b]: Rgb, k: number): Rgb {
  return [r * k, g * k, b * k]
}

/** Scales chroma around the pixel's own luminance: 0 = grey, 1 = unchanged, 2 = twice as colourful. */
export function saturate(c: Rgb, k: number): Rgb {
  const y = luminance(c) * 255
  return [y + (c[0] - y) * k, y + (c[1] - y) * k, y + (c[2] - y) * k].map(clamp255) as unknown as Rgb
}

/** A simple colour-temperature shift: positive warms (more red, less blue), negative cools. */
export function warm([r, g, b]: Rgb, amount: number): Rgb {
  return [clamp255(r * (1 + 0.12 * amount)), g, clamp255(b * (1 - 0.12 * amount))]
}

/** How blue a colour reads: used to pick the palette's sky. */
export function coolness([r, g, b]: Rgb): number {
  return b - (r + g) / 2
}
