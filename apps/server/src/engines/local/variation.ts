import { DEFAULT_SEED, SEED_FAMILIES } from '@parti/contract'
import type { RawImage } from './image-io.ts'
import { mulberry32 } from './noise.ts'
import { applyLuts, warmthCurves } from './tone.ts'

/**
 * What a seed changes in a local result (docs/product.md#variations): the texture's grain, where the light
 * comes from, and a small grade. DEFAULT_SEED (a plain render, a request's first variation) changes nothing,
 * so a single render is the look as designed; any seed gives the same bytes every time.
 */
export interface Variation {
  /** the seed of paper grain and medium textures */
  textureSeed: number
  /** the light's turn from the look's own direction, in radians (0: as designed) */
  lightTurn: number
  /** how much the light falls off across the picture, 0..0.2 (0: none added) */
  falloff: number
  /** colour temperature, as warmthCurves takes it (0: none) */
  warmth: number
  /** an edit's strength against its default (Ask Parti's "brighter", "warmer"…): 1 as asked */
  strength: number
}

export function variationOf(seed: number | undefined): Variation {
  if (seed === undefined || seed === DEFAULT_SEED)
    return { textureSeed: DEFAULT_SEED, lightTurn: 0, falloff: 0, warmth: 0, strength: 1 }
  const rand = mulberry32(seed)
  // the seed's family picks the light: a fifth of a turn apart from the look's own and from each other, so the
  // variations of one request (of different families) never share a light (docs/product.md#variations)
  const family = ((seed % SEED_FAMILIES) + SEED_FAMILIES) % SEED_FAMILIES
  return {
    textureSeed: seed,
    lightTurn: ((family + 1) * 2 * Math.PI) / (SEED_FAMILIES + 1),
    falloff: 0.14 + rand() * 0.08,
    warmth: (family % 2 === 0 ? 1 : -1) * (0.5 + rand() * 0.4),
    strength: family % 2 === 0 ? 1.2 + rand() * 0.2 : 0.6 + rand() * 0.2,
  }
}

/** A light direction (x, y on screen) turned by the variation. */
export function turnLight<T extends { x: number; y: number }>(light: T, v: Variation): T {
  if (v.lightTurn === 0) return light
  const c = Math.cos(v.lightTurn)
  const s = Math.sin(v.lightTurn)
  return { ...light, x: light.x * c - light.y * s, y: light.x * s + light.y * c }
}

/**
 * The variation's grade on a finished RGB picture: light falling off away from the turned direction of an
 * upper-left sun, then the colour temperature. Nothing for the default seed.
 */
export function gradeVariation(img: RawImage, v: Variation): void {
  if (v.falloff === 0 && v.warmth === 0) return
  if (img.channels !== 3) throw new Error('gradeVariation takes RGB')
  const light = turnLight({ x: -0.7, y: -0.7 }, v)
  const { width, height, data } = img
  const half = Math.max(width, height) / 2
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // -1 toward the light, +1 away from it
      const along = -((x - width / 2) * light.x + (y - height / 2) * light.y) / half
      const k = 1 - v.falloff * Math.max(-1, Math.min(1, along))
      const i = (y * width + x) * 3
      data[i] = Math.min(255, data[i]! * k)
      data[i + 1] = Math.min(255, data[i + 1]! * k)
      data[i + 2] = Math.min(255, data[i + 2]! * k)
    }
  }
  if (v.warmth !== 0) applyLuts(img, warmthCurves(v.warmth))
}
