// CIEDE2000 colour difference and sRGB → CIELAB (D65), written from the formula as published by Sharma, Wu and
// Dalal (2005); checked against their 34 test pairs in ciede2000.test.ts (docs/decisions/0061-fidelity-measures.md).

import type { Lab } from '@parti/contract'

// the difference itself is the contract's, shared with the repaint's measure (docs/decisions/0112-repaint-exact-colours.md)
export { ciede2000 } from '@parti/contract'
export type { Lab }

/** sRGB 8-bit → linear light, once for all 256 values (a picture's colours are converted by the thousand). */
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const s = v / 255
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
})
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116)

/** An 8-bit sRGB colour in CIELAB under D65. */
export function rgbToLab(r: number, g: number, b: number): Lab {
  const R = LINEAR[r]!
  const G = LINEAR[g]!
  const B = LINEAR[b]!
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047
  const y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / 1.08883
  const fx = f(x)
  const fy = f(y)
  const fz = f(z)
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)]
}
