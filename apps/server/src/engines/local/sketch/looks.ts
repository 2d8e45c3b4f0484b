import type { LocalStyleParams } from '@parti/contract'
import type { Rgb } from '../color.ts'

/** A style's look, or 'plain': the neutral daylight render of a job that names no style. */
export type Look = LocalStyleParams['look'] | 'plain'

/** How a look is painted. The style's parameters (lineWeight, saturation…) scale these per style. */
export interface LookSpec {
  look: Look
  /** transparent media (marker, watercolour, pencil, ink) darken the paper; opaque ones cover it */
  blend: 'multiply' | 'normal'
  paper: Rgb
  /** amplitude of the paper grain, 0..1 */
  grain: number
  lineColour: Rgb
  lineOpacity: number
  /** 1 = the drawing's own line width; 2 = a pixel thicker per side… */
  lineWeight: number
  saturation: number
  warmth: number
  /** overall strength of ambient occlusion, the light gradient and cast shadows, 0..1 */
  shading: number
  /** ambient-occlusion reach in work pixels: tight reads as a wet edge, wide as soft depth */
  aoRadius: number
  /** cast shadows: soft (blurred) or hard-edged graphic bands */
  hardShadows: boolean
  /** how the roles are coloured: from the palette, in ink greys, all clay, or at night */
  colourMode: 'palette' | 'ink' | 'clay' | 'night' | 'blueprint' | 'golden' | 'mist'
  /** sky colour at the top and at the horizon; null: the palette's sky fading toward the paper */
  skyGradient: [Rgb, Rgb] | null
  /** where the light comes from (x, y on screen) and how strongly it grades each surface across, 0..1 */
  light: { x: number; y: number; strength: number }
  /** fill coverage of sky at the top and at the horizon (a wash that fades, as drawn by hand) */
  sky: [number, number]
  /** coverage of the building's fills */
  fillAlpha: number
  /** white paper left between fills and lines, in work pixels (watercolour) */
  edgeGap: number
  /** blur of the colour layer in work pixels: colours bleed across lines */
  bleed: number
  texture: 'none' | 'streak' | 'granulation' | 'hatch' | 'wash'
  textureAmount: number
  /** diagonal white reflections on the glass, the marker renderer's habit */
  glassHighlights: boolean
  grid: boolean
  glow: boolean
}

/** Light from the upper left, as on most presentation drawings. */
const UPPER_LEFT = { x: -0.55, y: -0.83, strength: 0.1 }

const BASE: Record<
  Look,
  Omit<LookSpec, 'look' | 'lineWeight' | 'saturation' | 'warmth' | 'shading' | 'grain'> & {
    grain: number
    saturation: number
    shading: number
  }
> = {
  marker: {
    blend: 'multiply',
    paper: [251, 250, 247],
    grain: 0.12,
    lineColour: [28, 28, 30],
    lineOpacity: 0.95,
    saturation: 1.1,
    shading: 1,
    aoRadius: 3,
    hardShadows: false,
    colourMode: 'palette',
    sky: [0.7, 0],
    fillAlpha: 1,
    edgeGap: 0,
    bleed: 0,
    texture: 'streak',
    textureAmount: 0.09,
    glassHighlights: true,
    grid: false,
    glow: false,
    skyGradient: null,
    light: UPPER_LEFT,
  },
  watercolour: {
    blend: 'multiply',
    paper: [248, 244, 234],
    grain: 0.35,
    lineColour: [82, 66, 54],
    lineOpacity: 0.75,
    saturation: 1,
    shading: 0.8,
    aoRadius: 1.6,
    hardShadows: false,
    colourMode: 'palette',
    sky: [0.8, 0.1],
    fillAlpha: 0.9,
    edgeGap: 2.2,
    bleed: 2.2,
    texture: 'granulation',
    textureAmount: 0.22,
    glassHighlights: false,
    grid: false,
    glow: false,
    skyGradient: null,
    light: UPPER_LEFT,
  },
  'ink-wash': {
    blend: 'multiply',
    paper: [243, 237, 222],
    grain: 0.3,
    lineColour: [14, 13, 12],
    lineOpacity: 1,
    saturation: 0,
    shading: 1,
    aoRadius: 2.5,
    hardShadows: false,
    colourMode: 'ink',
    sky: [0.45, 0],
    fillAlpha: 0.9,
    edgeGap: 0.8,
    bleed: 1.6,
    texture: 'wash',
    textureAmount: 0.22,
    glassHighlights: false,
    grid: false,
    glow: false,
    skyGradient: null,
    light: UPPER_LEFT,
  },
  'colour-block': {
    blend: 'normal',
    paper: [255, 255, 255],
    grain: 0,
    lineColour: [20, 20, 22],
    lineOpacity: 1,
    saturation: 1.15,
    shading: 0.7,
    aoRadius: 0,
    hardShadows: true,
    colourMode: 'palette',
    sky: [1, 1],
    fillAlpha: 1,
    edgeGap: 0,
    bleed: 0,
    texture: 'none',
    textureAmount: 0,
    glassHighlights: false,
    grid: false,
    glow: false,
    skyGradient: null,
    light: UPPER_LEFT,
  },
  night: {
    blend: 'normal',
    paper: [14, 20, 36],
    grain: 0.05,
    lineColour: [6, 8, 14],
    lineOpacity: 0.7,
    saturation: 0.9,
    shading: 1,
    aoRadius: 4,
    hardShadows: false,
    colourMode: 'night',
    sky: [1, 1],
    fillAlpha: 1,
    edgeGap: 0,
    bleed: 0,
    texture: 'none',
    textureAmount: 0,
    glassHighlights: false,
    grid: false,
    glow: true,
    skyGradient: null,
    light: UPPER_LEFT,
  },
  blueprint: {
    blend: 'normal',
    paper: [28, 78, 140],
    grain: 0.12,
    lineColour: [236, 243, 255],
    lineOpacity: 0.95,
    saturation: 0,
    shading: 0.25,
    aoRadius: 3,
    hardShadows: false,
    colourMode: 'blueprint',
    sky: [0, 0],
    fillAlpha: 1,
    edgeGap: 0,
    bleed: 0,
    texture: 'none',
    textureAmount: 0,
    glassHighlights: false,
    grid: true,
    glow: false,
    skyGradient: null,
    light: UPPER_LEFT,
  },
  pencil: {
    blend: 'multiply',
    paper: [246, 243, 236],
    grain: 0.3,
    lineColour: [58, 58, 64],
    lineOpacity: 0.9,
    saturation: 0.55,
    shading: 0.9,
    aoRadius: 3,
    hardShadows: false,
    colourMode: 'palette',
    sky: [0.3, 0],
    fillAlpha: 0.85,
    edgeGap: 0.6,
    bleed: 0,
    texture: 'hatch',
    textureAmount: 1,
    glassHighlights: false,
    grid: false,
    glow: false,
    skyGradient: null,
    light: UPPER_LEFT,
  },
  clay: {
    blend: 'normal',
    paper: [244, 243, 240],
    grain: 0,
    lineColour: [110, 104, 98],
    lineOpacity: 0.45,
    saturation: 0,
    shading: 1,
    aoRadius: 4,
    hardShadows: false,
    colourMode: 'clay',
    sky: [1, 1],
    fillAlpha: 1,
    edgeGap: 0,
    bleed: 0,
    texture: 'none',
    textureAmount: 0,
    glassHighlights: false,
    grid: false,
    glow: false,
    skyGradient: null,
    light: UPPER_LEFT,
  },
  // low sun from the left: warm light raking across the facades, a peach horizon under a dusky sky, gold glass
  'golden-hour': {
    blend: 'normal',
    paper: [250, 236, 214],
    grain: 0.05,
    lineColour: [74, 46, 30],
    lineOpacity: 0.8,
    saturation: 1,
    shading: 1,
    aoRadius: 4,
    hardShadows: false,
    colourMode: 'golden',
    sky: [1, 1],
    fillAlpha: 1,
    edgeGap: 0,
    bleed: 0,
    texture: 'none',
    textureAmount: 0,
    glassHighlights: false,
    grid: false,
    glow: false,
    skyGradient: [
      [104, 124, 178],
      [252, 190, 124],
    ],
    light: { x: -0.97, y: -0.25, strength: 0.32 },
  },
  // overcast and foggy: cool, pale, low contrast; soft blue-grey lines half lost in the mist
  mist: {
    blend: 'normal',
    paper: [222, 228, 232],
    grain: 0.2,
    lineColour: [92, 106, 120],
    lineOpacity: 0.55,
    saturation: 0.35,
    shading: 0.5,
    aoRadius: 6,
    hardShadows: false,
    colourMode: 'mist',
    sky: [1, 1],
    fillAlpha: 1,
    edgeGap: 0,
    bleed: 1.2,
    texture: 'wash',
    textureAmount: 0.14,
    glassHighlights: false,
    grid: false,
    glow: false,
    skyGradient: [
      [186, 198, 208],
      [226, 231, 234],
    ],
    light: { x: 0, y: -1, strength: 0.04 },
  },
  // no style: a clean daylight render, clear blue sky, crisp thin lines, no medium's texture
  plain: {
    blend: 'normal',
    paper: [255, 255, 255],
    grain: 0,
    lineColour: [46, 48, 52],
    lineOpacity: 0.85,
    saturation: 1,
    shading: 1,
    aoRadius: 3,
    hardShadows: false,
    colourMode: 'palette',
    sky: [1, 1],
    fillAlpha: 1,
    edgeGap: 0,
    bleed: 0,
    texture: 'none',
    textureAmount: 0,
    glassHighlights: false,
    grid: false,
    glow: false,
    skyGradient: [
      [70, 128, 198],
      [206, 224, 238],
    ],
    light: UPPER_LEFT,
  },
}

/** The default when a job names no style: a plain daylight render, unlike any style's medium. */
export const DEFAULT_PARAMS: { look: Look } & Omit<LocalStyleParams, 'look'> = {
  look: 'plain',
  lineWeight: 1,
  saturation: 1,
  warmth: 0,
  paperTexture: 0.3,
  shading: 0.5,
}

/** Combines a look's defaults with a style's parameters (each centred so 1 / 0.5 / 0 keep the look as designed). */
export function lookSpec(params: typeof DEFAULT_PARAMS): LookSpec {
  const base = BASE[params.look]
  return {
    ...base,
    look: params.look,
    lineWeight: params.lineWeight,
    saturation: base.saturation * params.saturation,
    warmth: params.warmth,
    shading: Math.min(1.6, base.shading * params.shading * 2),
    grain: base.grain * params.paperTexture * (1 / 0.3),
  }
}
