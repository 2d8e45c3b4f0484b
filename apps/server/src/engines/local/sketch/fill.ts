import { luminance, mix, type Rgb, saturate, scale, warm } from '../color.ts'
import { smoothNoise } from '../noise.ts'
import { matFromGrey, withCv } from '../opencv.ts'
import type { LookSpec } from './looks.ts'
import { materialShade, type RoleMaterials } from './materials.ts'
import { type RegionMap, ROLES, type Role } from './regions.ts'

/** The colour layer at work size: RGB with shading baked in, plus how much of the paper each pixel covers. */
export interface FillLayer {
  width: number
  height: number
  /** RGBA: colour and coverage */
  rgba: Uint8Array
}

export async function paintFills(
  map: RegionMap,
  spec: LookSpec,
  colours: Record<Role, Rgb>,
  seed: number,
  materials: RoleMaterials = {},
): Promise<FillLayer> {
  const { width, height } = map
  const palette = roleColoursFor(spec, colours)
  const { distance, shadow, glow } = await shadingMaps(map, spec)
  const wobble = spec.edgeGap > 0 ? await smoothNoise(width, height, 5, seed) : null
  const out = new Uint8Array(width * height * 4)
  // role colours as flat numbers, and role tests as integer compares: this loop runs for every work pixel
  const base = new Float32Array(ROLES.length * 3)
  for (const [k, role] of ROLES.entries()) base.set(palette[role], k * 3)
  const SKY = ROLES.indexOf('sky')
  const GROUND = ROLES.indexOf('ground')
  const FLOOR = ROLES.indexOf('floor')
  const GLAZING = ROLES.indexOf('glazing')
  const skyTop = spec.skyGradient?.[0] ?? palette.sky
  const skyLow =
    spec.skyGradient?.[1] ??
    (spec.colourMode === 'night' ? ([42, 58, 94] as Rgb) : mix(palette.sky, spec.paper, 0.35))
  const LIGHT = spec.light
  const horizon = Math.max(1, map.horizon)
  const s = spec.shading
  const night = spec.colourMode === 'night'
  const groundFades = spec.colourMode === 'palette' && spec.blend === 'multiply'
  const byLabel = map.regions
  // the described material of each role (docs/product.md#sketch-description), as an index per role
  const material = ROLES.map((role) => materials[role] ?? null)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x
      const role = map.roles[i]!
      let r: number
      let g: number
      let b: number
      let alpha: number
      if (role === SKY) {
        const t = y < horizon ? y / horizon : 1
        r = skyTop[0] + (skyLow[0] - skyTop[0]) * t
        g = skyTop[1] + (skyLow[1] - skyTop[1]) * t
        b = skyTop[2] + (skyLow[2] - skyTop[2]) * t
        alpha = spec.sky[0] + (spec.sky[1] - spec.sky[0]) * t
      } else {
        const region = byLabel[map.labels[i]!]!
        let shade = 1
        if (s > 0) {
          if (spec.aoRadius > 0) shade *= 1 - 0.1 * s * Math.exp(-distance[i]! / spec.aoRadius)
          const gx = (x - region.cx) / Math.max(8, region.width)
          const gy = (y - region.cy) / Math.max(8, region.height)
          const lit = (gx * LIGHT.x + gy * LIGHT.y) * 1.6
          if (!spec.hardShadows) shade *= 1 + LIGHT.strength * s * (lit < -1 ? -1 : Math.min(lit, 1))
          shade *= 1 - (0.34 * s * shadow[i]!) / 255
        }
        const m = material[role]
        if (m) shade *= materialShade(m, x, y, width)
        if (role === GROUND || role === FLOOR) {
          // the ground darkens where it meets the building and fades toward the viewer
          const t = Math.min(1, Math.max(0, (y - horizon) / Math.max(1, height - horizon)))
          shade *= 0.9 + 0.1 * t
          alpha = groundFades ? 0.95 - 0.35 * t : 1
        } else {
          alpha = spec.fillAlpha
        }
        const k = role * 3
        if (role === GLAZING && night) {
          // lit windows: warm, brighter toward the sill where the room's lamps are
          const t = Math.min(1, Math.max(0, (y - region.top) / Math.max(1, region.height))) * 0.6
          const wr = 255 * 0.88 + base[k]! * 0.12
          const wg = 196 * 0.88 + base[k + 1]! * 0.12
          const wb = 110 * 0.88 + base[k + 2]! * 0.12
          r = wr + (255 - wr) * t
          g = wg + (226 - wg) * t
          b = wb + (160 - wb) * t
        } else {
          r = base[k]! * shade
          g = base[k + 1]! * shade
          b = base[k + 2]! * shade
        }
        if (role === GLAZING && spec.glassHighlights) {
          // two diagonal reflection bands across the glass, the marker renderer's habit
          const u = (((x - y * 0.7) % 46) + 46) % 46
          const w = u < 5 ? 0.55 : u > 9 && u < 11 ? 0.35 : 0
          r += (255 - r) * w
          g += (255 - g) * w
          b += (255 - b) * w
        }
      }
      if (wobble) {
        // paper left white along the lines, wandering as a brush does
        const d = distance[i]! + ((wobble[i]! - 128) / 128) * spec.edgeGap * 0.7
        const t = (d - spec.edgeGap * 0.5) / spec.edgeGap
        alpha *= t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t)
      }
      if (glow && role !== GLAZING) {
        const l = (glow[i]! / 255) * 0.75
        r += 250 * l
        g += 170 * l
        b += 80 * l
      }
      const o = i * 4
      out[o] = r <= 0 ? 0 : r >= 255 ? 255 : r + 0.5
      out[o + 1] = g <= 0 ? 0 : g >= 255 ? 255 : g + 0.5
      out[o + 2] = b <= 0 ? 0 : b >= 255 ? 255 : b + 0.5
      out[o + 3] = alpha <= 0 ? 0 : alpha >= 1 ? 255 : alpha * 255 + 0.5
    }
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
    case 'golden': {
      // everything in low warm sun; the glass mirrors the sunset, the ground is in long warm shade
      if (role === 'glazing') return mix(c, [236, 168, 92], 0.7)
      const sunlit: Rgb = [Math.min(255, c[0] * 1.04 + 12), c[1] * 0.88 + 6, c[2] * 0.66]
      if (role === 'ground' || role === 'floor') return mix(scale(sunlit, 0.7), [120, 84, 70], 0.3)
      return sunlit
    }
    case 'mist': {
      // fog: colours washed out toward a cool grey, distant parts the palest
      const fog: Rgb = [208, 216, 222]
      if (role === 'glazing') return mix(c, [126, 142, 156], 0.6)
      if (role === 'ground' || role === 'floor') return mix(c, fog, 0.7)
      return mix(c, fog, 0.4)
    }
    case 'blueprint':
      if (role === 'glazing') return [70, 122, 186]
      if (role === 'sky' || role === 'ground') return spec.paper
      return [44, 96, 160]
  }
}

/** Distance to the nearest line, cast shadows of the lines, and (at night) the glow around lit windows. */
async function shadingMaps(
  map: RegionMap,
  spec: LookSpec,
): Promise<{ distance: Float32Array; shadow: Uint8Array; glow: Uint8Array | null }> {
  const { width, height } = map
  // Shadows as a renderer draws them with light from the upper left: inside each opening along its head and
  // left jamb (the reveal), and a band on the wall under the roof's edge (the eave). Lines elsewhere cast none.
  const dx = Math.round(width / 150)
  const dy = Math.round(width / 110)
  const eave = Math.round(height / 30)
  const shifted = new Uint8Array(width * height)
  const opening = new Set([ROLES.indexOf('glazing'), ROLES.indexOf('accent')])
  const wall = new Set([ROLES.indexOf('wall'), ROLES.indexOf('wall2')])
  const roof = ROLES.indexOf('roof')
  for (let y = dy; y < height; y++) {
    for (let x = dx; x < width; x++) {
      const i = y * width + x
      const role = map.roles[i]!
      if (map.lines[i]) continue
      if (opening.has(role)) shifted[i] = map.lines[(y - dy) * width + (x - dx)]!
      else if (wall.has(role)) {
        for (let k = 1; k <= eave && y - k >= 0; k++) {
          if (map.roles[(y - k) * width + Math.max(0, x - dx)] === roof) {
            shifted[i] = 255
            break
          }
        }
      }
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
