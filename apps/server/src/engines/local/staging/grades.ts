import type { StagingStyle } from '@parti/contract'
import type { Rgb } from '../color.ts'

/** A staging style as a colour grade, the way a photo editor would set it up for a listing. */
export interface Grade {
  brightness: number
  contrast: number
  saturation: number
  warmth: number
  shadows: Rgb
  highlights: Rgb
  splitStrength: number
  /** lifted blacks (0..40): the soft, matte look of farmhouse and Scandinavian photography */
  fade: number
  vignette: number
  /** the wall colour for "repaint" when no palette is chosen */
  wall: Rgb
}

const NEUTRAL: Rgb = [128, 128, 128]

export const GRADES: Record<StagingStyle, Grade> = {
  modern: {
    brightness: 0.2,
    contrast: 0.6,
    saturation: 0.88,
    warmth: -0.35,
    shadows: [104, 120, 144],
    highlights: NEUTRAL,
    splitStrength: 0.35,
    fade: 0,
    vignette: 0,
    wall: [222, 224, 224],
  },
  scandinavian: {
    brightness: 0.5,
    contrast: -0.2,
    saturation: 0.72,
    warmth: -0.1,
    shadows: [122, 128, 134],
    highlights: [134, 132, 126],
    splitStrength: 0.2,
    fade: 20,
    vignette: 0,
    wall: [240, 238, 232],
  },
  transitional: {
    brightness: 0.2,
    contrast: 0.2,
    saturation: 1,
    warmth: 0.25,
    shadows: [124, 120, 116],
    highlights: [136, 130, 120],
    splitStrength: 0.3,
    fade: 4,
    vignette: 0.08,
    wall: [214, 204, 188],
  },
  farmhouse: {
    brightness: 0.2,
    contrast: -0.1,
    saturation: 0.85,
    warmth: 0.6,
    shadows: [138, 122, 104],
    highlights: [142, 134, 116],
    splitStrength: 0.45,
    fade: 22,
    vignette: 0.14,
    wall: [236, 228, 210],
  },
  luxury: {
    brightness: -0.05,
    contrast: 0.75,
    saturation: 1.12,
    warmth: 0.3,
    shadows: [118, 112, 108],
    highlights: [150, 136, 108],
    splitStrength: 0.35,
    fade: 0,
    vignette: 0.26,
    wall: [176, 164, 150],
  },
  coastal: {
    brightness: 0.45,
    contrast: 0.05,
    saturation: 1.1,
    warmth: -0.4,
    shadows: [96, 136, 146],
    highlights: [142, 136, 120],
    splitStrength: 0.45,
    fade: 6,
    vignette: 0,
    wall: [206, 222, 226],
  },
}
