import { luminance, mix, type Rgb, saturate, scale, warm } from '../color.ts'
import { smoothNoise } from '../noise.ts'
import { matFromGrey, withCv } from '../opencv.ts'
import type { LookSpec } from './looks.ts'
import { type RegionMap, ROLES, type Role } from './regions.ts'

/** The colour layer at work size: RGB with shading baked in, plus how much of the paper each pixel covers. */
export interface FillLayer {
  width: number
  height: number
  /** RGBA: colour and coverage */
  rgba: Uint8Array
}

/** Light comes from the upper left, as on most presentation drawings: shadows fall down and to the right. */
const LIGHT = { x: -0.55, y: -0.83 }

export async function paintFills(
  map: RegionMap,
  spec: LookSpec,
  colours: Record<Role, Rgb>,
  seed: number,
): Promise<FillLayer> {
  const { width, height } = map
  const palette = roleColoursFor(spec, colours)
  const { distance, shadow, glow } = await shadingMaps(map, spec)
  const wobble = spec.edgeGap > 0 ? await smoothNoise(width, height, 5, seed) : null
  const rgba = new Float32Array(width * height * 4)
  const roleIds = ROLES.map((r) => r)
  const skyTop = palette.sky
  const skyLow = spec.colourMode === 'night' ? ([42, 58, 94] as Rgb) : mix(palette.sky, spec.paper, 0.35)
  const horizon = Math.max(1, map.horizon)
  const s = spec.shading
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      const role = roleIds[map.roles[i]!]!
      let colour: Rgb
      let alpha: number
      if (role === 'sky') {
        const t = Math.min(1, y / horizon)
        colour = mix(skyTop, skyLow, t)
        alpha = spec.sky[0] + (spec.sky[1] - spec.sky[0]) * t
      } else {
        const region = map.regions[map.labels[i]!]!
        const base = palette[role]
        let shade = 1
        if (s > 0) {
          if (spec.aoRadius > 0) shade *= 1 - 0.16 * s * Math.exp(-distance[i]! / spec.aoRadius)
          const gx = (x - region.cx) / Math.max(8, region.width)
          const gy = (y - region.cy) / Math.max(8, region.height)
          const g = Math.max(-1, Math.min(1, (gx * LIGHT.x + gy * LIGHT.y) * 1.6))
          if (!spec.hardShadows) shade *= 1 + 0.1 * s * g
          shade *= 1 - (0.34 * s * shadow[i]!) / 255
        }
        if (role === 'ground' || role === 'floor') {
          // the ground darkens where it meets the building and fades toward the viewer
          const t = Math.min(1, Math.max(0, (y - horizon) / Math.max(1, height - horizon)))
          shade *= 0.9 + 0.1 * t
          alpha = spec.colourMode === 'palette' && spec.blend === 'multiply' ? 0.95 - 0.35 * t : 1
        } else {
          alpha = spec.fillAlpha
        }
        colour =
          role === 'glazing' && spec.colourMode === 'night'
            ? glassAtNight(base, y, region)
            : scale(base, shade)
        if (role === 'glazing' && spec.glassHighlights) colour = glassHighlight(colour, x, y)
      }
      if (wobble) {
        // paper left white along the lines, wandering as a brush does
        const d = distance[i]! + ((wobble[i]! - 128) / 128) * spec.edgeGap * 0.7
        const t = (d - spec.edgeGap * 0.5) / spec.edgeGap
        alpha *= t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t)
      }
      if (glow && role !== 'glazing') {
        const g = glow[i]! / 255
        colour = [colour[0] + 250 * g * 0.75, colour[1] + 170 * g * 0.75, colour[2] + 80 * g * 0.75]
      }
      const o = i * 4
      rgba[o] = colour[0]
      rgba[o + 1] = colour[1]
      rgba[o + 2] = colour[2]
      rgba[o + 3] = alpha * 255
    }
  }
  const out = new Uint8Array(rgba.length)
  for (let i = 0; i < rgba.length; i++) {
    const v = rgba[i]!
    out[i] = v <= 0 ? 0 : v >= 255 ? 255 : v + 0.5
  }
  if (spec.bleed > 0) await blurInPlace(out, width, height, spec.bleed)
  return { width, height, rgba: out }
}

/** Adjusts the palette for the look: saturation and warmth first, then the look's own colour world. */
function roleColoursFor(spec: LookSpec, colours: Record<Role, Rgb>): Record<Role, Rgb> {
  const out = {} as Record<Role, Rgb>
  for (const role of ROLES) {
    const c = warm(saturate(colours[role], spec.saturation), spec.warmth)
    out[role] = lookColour(spec, role, c)
  }
  return out
}

function lookColour(spec: LookSpec, role: Role, c: Rgb): Rgb {
  switch (spec.colourMode) {
    case 'palette':
      return c
    case 'ink': {
      // sumi ink: each part keeps its palette value as a grey, a touch warm
      const v = 70 + luminance(c) * 175
      return role === 'sky' ? [200, 204, 206] : warm([v, v, v], 0.25 + spec.warmth)
    }
    case 'clay': {
      const clay: Rgb = warm([234, 228, 218], spec.warmth)
      if (role === 'glazing') return [176, 188, 196]
      if (role === 'sky') return [236, 239, 242]
      if (role === 'ground' || role === 'floor') return scale(clay, 0.93)
      return clay
    }
    case 'night': {
      if (role === 'sky') return [10, 18, 42]
      if (role === 'ground' || role === 'floor') return mix(scale(c, 0.18), [14, 18, 28], 0.5)
      // surfaces lit only by the sky: dark, blue-shifted, still telling the palette apart
      return mix(scale(c, 0.34), [22, 32, 58], 0.35)
    }
    case 'blueprint':
      if (role === 'glazing') return [70, 122, 186]
      if (role === 'sky' || role === 'ground') return spec.paper
      return [44, 96, 160]
  }
}

/** Lit windows: warm, brighter toward the sill where the room's lamps are. */
function glassAtNight(base: Rgb, y: number, region: { top: number; height: number }): Rgb {
  const t = Math.min(1, Math.max(0, (y - region.top) / Math.max(1, region.height)))
  return mix(mix([255, 196, 110], base, 0.12), [255, 226, 160], t * 0.6)
}

/** Two diagonal reflection bands across the glass. */
function glassHighlight(c: Rgb, x: number, y: number): Rgb {
  const u = (((x - y * 0.7) % 46) + 46) % 46
  if (u < 5) return mix(c, [255, 255, 255], 0.55)
  if (u > 9 && u < 11) return mix(c, [255, 255, 255], 0.35)
  return c
}

/** Distance to the nearest line, cast shadows of the lines, and (at night) the glow around lit windows. */
async function shadingMaps(
  map: RegionMap,
  spec: LookSpec,
): Promise<{ distance: Float32Array; shadow: Uint8Array; glow: Uint8Array | null }> {
  const { width, height } = map
  const dx = Math.round(width / 150)
  const dy = Math.round(width / 110)
  const shifted = new Uint8Array(width * height)
  const skyIndex = ROLES.indexOf('sky')
  for (let y = dy; y < height; y++) {
    for (let x = dx; x < width; x++) {
      const i = y * width + x
      if (map.lines[i] || map.roles[i] === skyIndex) continue
      shifted[i] = map.lines[(y - dy) * width + (x - dx)]!
    }
  }
  const glazingIndex = ROLES.indexOf('glazing')
  return withCv((cv, track) => {
    const lines = track(matFromGrey(cv, map.lines, width, height))
    const open = track(new cv.Mat())
    cv.bitwise_not(lines, open)
    const dist = track(new cv.Mat())
    cv.distanceTransform(open, dist, cv.DIST_L2, 3)
    const shadowMat = track(matFromGrey(cv, shifted, width, height))
    if (!spec.hardShadows) cv.GaussianBlur(shadowMat, shadowMat, new cv.Size(3, 3), 0)
    let glow: Uint8Array | null = null
    if (spec.glow) {
      const lit = new Uint8Array(width * height)
      for (let i = 0; i < lit.length; i++) lit[i] = map.roles[i] === glazingIndex ? 255 : 0
      const litMat = track(matFromGrey(cv, lit, width, height))
      const sigma = width / 40
      cv.GaussianBlur(litMat, litMat, new cv.Size(0, 0), sigma)
      glow = new Uint8Array(litMat.data)
    }
    return { distance: new Float32Array(dist.data32F), shadow: new Uint8Array(shadowMat.data), glow }
  })
}

async function blurInPlace(rgba: Uint8Array, width: number, height: number, sigma: number): Promise<void> {
  await withCv((cv, track) => {
    const mat = track(new cv.Mat(height, width, cv.CV_8UC4))
    mat.data.set(rgba)
    cv.GaussianBlur(mat, mat, new cv.Size(0, 0), sigma)
    rgba.set(mat.data)
  })
}
