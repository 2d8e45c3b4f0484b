import type { Language } from '../enums.ts'
import { type Lab, srgbToLab } from './index.ts'

// The materials a floor or a wall can take instead of a colour (docs/decisions/0120-repaint-materials.md): one
// definition for the request's enum, the screen's names and swatches and the engine's texture. Each is
// procedural (material-texture.ts): a pure function of a point on the surface in metres and a seed, so the
// browser draws the same swatch the engine lays, and no image file is shipped.

export type MaterialSurface = 'floor' | 'wall'

export type MaterialPattern =
  /** boards `width` × `length` m, running away from the camera on a floor, ends staggered at random */
  | { kind: 'planks'; width: number; length: number; joint: number; grain: number }
  /** boards `width` × `width·ratio` m in a herringbone at 45° */
  | { kind: 'herringbone'; width: number; ratio: number; joint: number; grain: number }
  /** units `width` × `height` m in rows, each row shifted by `bond` of a unit, joints of `grout` */
  | {
      kind: 'tiles'
      width: number
      height: number
      joint: number
      bond: number
      grout: string
      rough: number
    }
  /** a poured or trowelled surface: clouds at `scale` m and a fine speckle */
  | { kind: 'cloudy'; scale: number; depth: number; speckle: number }
  /** chips of `chips` colours scattered in the base */
  | { kind: 'terrazzo'; chips: readonly string[] }
  /** slabs `slab` m square, grey veins */
  | { kind: 'marble'; slab: number; vein: string }

export interface Material {
  id: string
  surfaces: readonly MaterialSurface[]
  /** the colour the surface's mean lands on, under neutral light (the report measures ΔE00 against it) */
  base: string
  /** how much one board, tile or brick differs from the next in lightness (0–1) */
  variation: number
  pattern: MaterialPattern
  name: Record<Language, string>
}

/** The library, in the order the screen shows it (floors first, walls last). */
export const MATERIALS = {
  'oak-parquet': {
    surfaces: ['floor'],
    base: '#9C6B3F',
    variation: 0.16,
    pattern: { kind: 'planks', width: 0.07, length: 0.42, joint: 0.0015, grain: 0.12 },
    name: {
      en: 'Oak parquet',
      es: 'Parqué de roble',
      fr: 'Parquet en chêne',
      pt: 'Parquet de carvalho',
      de: 'Eichenparkett',
      nl: 'Eikenhouten parket',
      ar: 'باركيه من خشب البلوط',
    },
  },
  'herringbone-oak': {
    surfaces: ['floor'],
    base: '#8E6038',
    variation: 0.18,
    pattern: { kind: 'herringbone', width: 0.09, ratio: 6, joint: 0.0015, grain: 0.1 },
    name: {
      en: 'Herringbone oak',
      es: 'Roble en espiga',
      fr: 'Chêne à bâtons rompus',
      pt: 'Carvalho em espinha',
      de: 'Eiche im Fischgrätmuster',
      nl: 'Eiken visgraat',
      ar: 'بلوط بنقشة عظم السمكة',
    },
  },
  'light-oak-planks': {
    surfaces: ['floor'],
    base: '#C9A47A',
    variation: 0.1,
    pattern: { kind: 'planks', width: 0.19, length: 1.8, joint: 0.002, grain: 0.1 },
    name: {
      en: 'Light oak planks',
      es: 'Tablas de roble claro',
      fr: 'Lames de chêne clair',
      pt: 'Tábuas de carvalho claro',
      de: 'Helle Eichendielen',
      nl: 'Lichte eiken planken',
      ar: 'ألواح بلوط فاتح',
    },
  },
  terrazzo: {
    surfaces: ['floor'],
    base: '#D6CFC4',
    variation: 0,
    pattern: { kind: 'terrazzo', chips: ['#F4F1EA', '#8C8A85', '#B46A4E', '#3F3D3A', '#E2C9A4'] },
    name: {
      en: 'Terrazzo',
      es: 'Terrazo',
      fr: 'Terrazzo',
      pt: 'Marmorite',
      de: 'Terrazzo',
      nl: 'Terrazzo',
      ar: 'تيرازو',
    },
  },
  'polished-concrete': {
    surfaces: ['floor', 'wall'],
    base: '#A4A19B',
    variation: 0,
    pattern: { kind: 'cloudy', scale: 0.8, depth: 0.14, speckle: 0.05 },
    name: {
      en: 'Polished concrete',
      es: 'Hormigón pulido',
      fr: 'Béton ciré',
      pt: 'Betão polido',
      de: 'Polierter Beton',
      nl: 'Gepolijst beton',
      ar: 'خرسانة مصقولة',
    },
  },
  'grey-porcelain': {
    surfaces: ['floor', 'wall'],
    base: '#8F8E8B',
    variation: 0.04,
    pattern: { kind: 'tiles', width: 0.6, height: 0.6, joint: 0.003, bond: 0, grout: '#6E6D6A', rough: 0.03 },
    name: {
      en: 'Large grey porcelain tiles',
      es: 'Porcelánico gris de gran formato',
      fr: 'Grands carreaux de grès cérame gris',
      pt: 'Porcelanato cinzento de grande formato',
      de: 'Großformatige graue Feinsteinzeugfliesen',
      nl: 'Grote grijze keramische tegels',
      ar: 'بلاط بورسلين رمادي كبير',
    },
  },
  'white-marble': {
    surfaces: ['floor', 'wall'],
    base: '#E4E1DC',
    variation: 0.02,
    pattern: { kind: 'marble', slab: 0.9, vein: '#8A8A8C' },
    name: {
      en: 'White marble',
      es: 'Mármol blanco',
      fr: 'Marbre blanc',
      pt: 'Mármore branco',
      de: 'Weißer Marmor',
      nl: 'Wit marmer',
      ar: 'رخام أبيض',
    },
  },
  'subway-tiles': {
    surfaces: ['wall'],
    base: '#EAE9E4',
    variation: 0.03,
    pattern: {
      kind: 'tiles',
      width: 0.15,
      height: 0.075,
      joint: 0.003,
      bond: 0.5,
      grout: '#B9B7B0',
      rough: 0.015,
    },
    name: {
      en: 'White subway tiles',
      es: 'Azulejo metro blanco',
      fr: 'Carreaux métro blancs',
      pt: 'Azulejos metro brancos',
      de: 'Weiße Metrofliesen',
      nl: 'Witte metrotegels',
      ar: 'بلاط مترو أبيض',
    },
  },
  'exposed-brick': {
    surfaces: ['wall'],
    base: '#985238',
    variation: 0.22,
    pattern: {
      kind: 'tiles',
      width: 0.215,
      height: 0.065,
      joint: 0.01,
      bond: 0.5,
      grout: '#BDB3A3',
      rough: 0.12,
    },
    name: {
      en: 'Exposed brick',
      es: 'Ladrillo visto',
      fr: 'Brique apparente',
      pt: 'Tijolo à vista',
      de: 'Sichtmauerwerk',
      nl: 'Schoon metselwerk',
      ar: 'طوب مكشوف',
    },
  },
  'limewash-plaster': {
    surfaces: ['wall'],
    base: '#D8CDBE',
    variation: 0,
    pattern: { kind: 'cloudy', scale: 0.35, depth: 0.1, speckle: 0.015 },
    name: {
      en: 'Limewash plaster',
      es: 'Enlucido a la cal',
      fr: 'Enduit à la chaux',
      pt: 'Reboco de cal',
      de: 'Kalkputz',
      nl: 'Kalkpleister',
      ar: 'لياسة جيرية',
    },
  },
} as const satisfies Record<string, Omit<Material, 'id'>>

export type MaterialId = keyof typeof MATERIALS
export const MATERIAL_IDS = Object.keys(MATERIALS) as [MaterialId, ...MaterialId[]]

/** A material of the library by its id, with the id. */
export function materialOf(id: MaterialId): Material {
  return { id, ...(MATERIALS[id] as Omit<Material, 'id'>) }
}

/** The materials that fit a surface (all of them when the surface is not known). */
export function materialsFor(surface: MaterialSurface | 'ceiling' | null): MaterialId[] {
  if (surface !== 'floor' && surface !== 'wall') return [...MATERIAL_IDS]
  return MATERIAL_IDS.filter((id) => (MATERIALS[id].surfaces as readonly string[]).includes(surface))
}

/** CIELAB of a material's base colour: what the report measures the laid surface's mean against. */
export function materialLab(id: MaterialId): Lab {
  const [r, g, b] = hexBytes(MATERIALS[id].base)
  return srgbToLab(r, g, b)
}

/** A material's name in a language (English for one the library does not know, the id for an unknown id). */
export function materialName(id: string, language: string): string {
  const m = (MATERIALS as Record<string, { name: Record<Language, string> }>)[id]
  if (!m) return id
  return m.name[language.split('-')[0] as Language] ?? m.name.en
}

const hexBytes = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
