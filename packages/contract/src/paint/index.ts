/// <reference path="./ncs-color.d.ts" />
import ncs from 'ncs-color'
import { RAL_CLASSIC } from './ral-classic.ts'

export { ciede2000 } from './ciede2000.ts'

// A paint colour as a user names it (docs/decisions/0112-repaint-exact-colours.md): `#rrggbb`, a RAL Classic
// number (`RAL 7035`), an NCS notation (`NCS S 1050-Y90R`) or a RAL colour's English name (`Light grey`). One
// resolver for the screen's swatch and the engine's target, so both mean the same colour.

export type Lab = readonly [number, number, number]
export type PaintSystem = 'hex' | 'ral' | 'ncs' | 'name'

export interface Paint {
  system: PaintSystem
  /** how the result names it: `#C5C7C4`, `RAL 7035`, `NCS S 1050-Y90R` */
  label: string
  /** the colour's RAL name, when it has one */
  name?: string
  /** CIELAB (D65) of the asked colour: the target the repaint is measured against */
  lab: Lab
  /** the nearest sRGB colour, for a swatch */
  hex: string
  /** whether a screen (sRGB) can show it: outside, a repaint comes as close as the gamut allows and says so */
  inGamut: boolean
}

const D65 = [0.95047, 1, 1.08883] as const
const lin = (s: number) => (s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4)
const gam = (l: number) => (l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055)
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116)
const fi = (t: number) => (t ** 3 > 216 / 24389 ? t ** 3 : (116 * t - 16) / (24389 / 27))

/** 8-bit sRGB → CIELAB (D65). */
const LINEAR = Array.from({ length: 256 }, (_, v) => lin(v / 255))
export function srgbToLab(r: number, g: number, b: number): Lab {
  const R = LINEAR[r] ?? lin(r / 255)
  const G = LINEAR[g] ?? lin(g / 255)
  const B = LINEAR[b] ?? lin(b / 255)
  const x = f((0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / D65[0])
  const y = f(0.2126729 * R + 0.7151522 * G + 0.072175 * B)
  const z = f((0.0193339 * R + 0.119192 * G + 0.9503041 * B) / D65[2])
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)]
}

/** CIELAB (D65) → sRGB in 0–1 per channel, unclipped (outside 0–1 means outside the sRGB gamut). */
export function labToSrgb([L, a, b]: Lab): [number, number, number] {
  const fy = (L + 16) / 116
  const X = fi(fy + a / 500) * D65[0]
  const Y = fi(fy)
  const Z = fi(fy - b / 200) * D65[2]
  return [
    gam(3.2404542 * X - 1.5371385 * Y - 0.4985314 * Z),
    gam(-0.969266 * X + 1.8760108 * Y + 0.041556 * Z),
    gam(0.0556434 * X - 0.2040259 * Y + 1.0572252 * Z),
  ]
}

const inside = (lab: Lab) => labToSrgb(lab).every((v) => v > -0.004 && v < 1.004)
const byte = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255)
const hexOf = (rgb: readonly number[]) =>
  `#${rgb.map((v) => byte(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase()
const fromHex = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')

/** The RAL Classic colours, for the picker: number, name, swatch. */
export const RAL_COLOURS = RAL_CLASSIC.map(([n, name, L, a, b]) => ({
  code: `RAL ${n}`,
  name,
  hex: hexOf(labToSrgb([L, a, b])),
}))

function ral([n, name, L, a, b]: (typeof RAL_CLASSIC)[number], system: PaintSystem): Paint {
  const lab: Lab = [L, a, b]
  return { system, label: `RAL ${n}`, name, lab, hex: hexOf(labToSrgb(lab)), inGamut: inside(lab) }
}

/** The colour a user asked for, or null when the words name none this table knows. */
export function resolvePaint(asked: string): Paint | null {
  const text = asked.trim()
  const hex = /^#?([0-9a-f]{6})$/i.exec(text)
  if (hex) {
    const h = `#${hex[1]!.toUpperCase()}`
    return { system: 'hex', label: h, lab: srgbToLab(...fromHex(h)), hex: h, inGamut: true }
  }
  const number = /^RAL\s*(\d{4})$/i.exec(text)
  if (number) {
    const row = RAL_CLASSIC.find(([n]) => n === Number(number[1]))
    return row ? ral(row, 'ral') : null
  }
  if (/^NCS/i.test(text)) {
    const label = text.toUpperCase().replace(/\s+/g, ' ')
    const h = ncs.hex(label)
    if (!h) return null
    const rgb = fromHex(h)
    return { system: 'ncs', label, lab: srgbToLab(...rgb), hex: h.toUpperCase(), inGamut: true }
  }
  const named = RAL_CLASSIC.find(([, name]) => squash(name) === squash(text))
  return named ? ral(named, 'name') : null
}
