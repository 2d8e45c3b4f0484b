import type { EnginePalette } from '../../types.ts'
import { coolness, luminance, mix, parseHex, type Rgb } from '../color.ts'
import type { Role } from './regions.ts'

/** A calm architectural default when the user picks no palette: warm white, sand, stone, slate, charcoal. */
const DEFAULT_PALETTE = ['#F3EEE6', '#D9C6A8', '#A3ABA6', '#6E7F86', '#3D4A52']

const WHITE: Rgb = [255, 255, 255]
const SKY_BLUE: Rgb = [126, 178, 226]

/** The colours to render with: the user's custom colours override the palette, which overrides the default. */
export function chooseColours(
  palette: EnginePalette | null,
  customColors: string[] | null | undefined,
): Rgb[] {
  const custom = (customColors ?? []).map(parseHex).filter((c): c is Rgb => c !== null)
  if (custom.length > 0) return completeToFive(custom)
  const fromPalette = (palette?.colors ?? []).map(parseHex).filter((c): c is Rgb => c !== null)
  if (fromPalette.length > 0) return completeToFive(fromPalette)
  return DEFAULT_PALETTE.map((hex) => parseHex(hex)!)
}

/** One to four custom colours are widened to five with lighter and darker steps of themselves. */
function completeToFive(colours: Rgb[]): Rgb[] {
  const out = [...colours.slice(0, 5)]
  let i = 0
  while (out.length < 5) {
    const base = colours[i % colours.length]!
    out.push(i % 2 === 0 ? mix(base, WHITE, 0.55) : mix(base, [0, 0, 0], 0.4))
    i++
  }
  return out
}

/**
 * Maps five colours to the parts of a building by value, the way a renderer would: the lightest on the largest
 * surfaces (walls), the darkest in the glazing, the most colourful on the door, a mid tone on the ground.
 */
export function roleColours(colours: Rgb[]): Record<Role, Rgb> {
  const byValue = [...colours].sort((a, b) => luminance(a) - luminance(b))
  const [d0, d1, d2, d3, d4] = byValue as [Rgb, Rgb, Rgb, Rgb, Rgb]
  const chroma = (c: Rgb) => Math.max(...c) - Math.min(...c)
  const accent = [d1, d2, d3].reduce((best, c) => (chroma(c) > chroma(best) ? c : best), d2)
  const coolest = [...colours].sort((a, b) => coolness(b) - coolness(a))[0]!
  // a sky leans blue whatever the palette, but takes the palette's coolest colour along
  const sky = mix(mix(coolest, SKY_BLUE, coolness(coolest) > 30 ? 0.45 : 0.7), WHITE, 0.25)
  return {
    wall: d4,
    wall2: d3,
    roof: d1,
    glazing: d0,
    accent,
    ground: accent === d2 ? mix(d2, d1, 0.5) : d2,
    sky,
    ceiling: mix(d4, WHITE, 0.5),
    floor: mix(d2, d1, 0.35),
    // upholstery: the palette's accent, softened toward a warm grey so a sofa never shouts
    furniture: mix(accent, [150, 142, 132], 0.45),
  }
}
