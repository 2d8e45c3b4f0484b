import { mix, type Rgb, scale } from '../color.ts'
import type { Role } from './regions.ts'
import { type Finishes, finishColour, type Material, type Part } from './words.ts'
import { MATERIAL_COLOUR } from './words-lexicon.ts'

/** A window seen from inside a room: bright, a little blue, like an overcast sky. */
const DAYLIGHT: Rgb = [226, 238, 246]

/** Which roles a described part paints: the walls are the main and the secondary walls, a door is the accent. */
const PART_ROLES: Record<Part, readonly Role[]> = {
  walls: ['wall', 'wall2'],
  roof: ['roof'],
  windows: ['glazing'],
  door: ['accent'],
  floor: ['floor'],
  // trim (fascias, frames) is drawn as thin bands the regions do not tell apart from the roof edge
  trim: [],
  furniture: ['furniture'],
}

export type RoleMaterials = Partial<Record<Role, Material>>

/**
 * The description's finishes laid over the palette's role colours (docs/product.md#sketch-description): a part
 * the words name takes their colour (or its material's), and its material for the texture; the rest keep the
 * palette. The secondary walls take the walls' finish a shade darker, so the masses still read apart.
 */
export function applyFinishes(
  colours: Record<Role, Rgb>,
  finishes: Finishes,
  interior: boolean,
): { colours: Record<Role, Rgb>; materials: RoleMaterials } {
  const out = { ...colours }
  const materials: RoleMaterials = {}
  if (interior) {
    // a room seen from inside: the windows are daylight, the floor is boards, the sofa is fabric
    out.glazing = DAYLIGHT
    out.floor = mix(MATERIAL_COLOUR.timber, colours.floor, 0.25)
    materials.floor = 'timber'
    materials.furniture = 'render'
  }
  for (const [part, finish] of Object.entries(finishes) as [Part, Finishes[Part]][]) {
    const colour = finishColour(finish)
    for (const role of PART_ROLES[part]) {
      if (colour) out[role] = role === 'wall2' ? scale(colour, 0.88) : colour
      if (finish?.material) materials[role] = finish.material
    }
  }
  // a described roof or walls keep the ceiling and ground in step: a dark roof should not leave a pale eave
  if (finishes.walls && finishColour(finishes.walls)) out.ceiling = mix(out.wall, [255, 255, 255], 0.5)
  return { colours: out, materials }
}

/** Integer hash to 0..1: a brick's or a slate's own shade, the same on every run. */
function hash(a: number, b: number): number {
  let h = (a * 374761393 + b * 668265263) | 0
  h = Math.imul(h ^ (h >>> 13), 1274126177)
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296
}

/**
 * A material's surface as a brightness factor at a work pixel (x, y), with `u` the work width: mortar joints
 * of brick courses, board shadows of timber cladding, rows of slates and tiles, stone blocks, formwork panels,
 * standing seams of metal. Scaled to the drawing so a course reads as a course at every size.
 */
export function materialShade(material: Material, x: number, y: number, u: number): number {
  switch (material) {
    case 'brick': {
      const h = Math.max(4, u / 90)
      const row = Math.floor(y / h)
      const l = h * 2.4
      const bx = x + (row % 2 ? l / 2 : 0)
      const col = Math.floor(bx / l)
      if (y - row * h < 1 || bx - col * l < 1) return 0.78
      return 0.9 + 0.16 * hash(row, col)
    }
    case 'timber': {
      const h = Math.max(5, u / 64)
      const row = Math.floor(y / h)
      const t = (y - row * h) / h
      const grain = 0.04 * Math.sin(x * 0.21 + row * 7.3 + Math.sin(x * 0.043 + row) * 3)
      return (t > 0.84 ? 0.72 : 0.94 + 0.1 * hash(row, 17)) + grain
    }
    case 'slate':
    case 'tile': {
      const h = Math.max(4, u / (material === 'slate' ? 80 : 70))
      const row = Math.floor(y / h)
      const l = material === 'slate' ? h * 1.6 : h * 1.1
      const bx = x + (row % 2 ? l / 2 : 0)
      const col = Math.floor(bx / l)
      const t = (y - row * h) / h
      if (t > 0.82) return 0.7
      if (bx - col * l < 1) return 0.8
      // tiles are round at the bottom: lighter in the middle of each, darker toward its sides
      const round = material === 'tile' ? 1.06 - 0.14 * Math.abs((bx - col * l) / l - 0.5) * 2 : 1
      return (0.9 + 0.16 * hash(row, col)) * round
    }
    case 'stone': {
      const h = Math.max(6, u / 40)
      const row = Math.floor(y / h)
      const l = h * (1.4 + hash(row, 3))
      const bx = x + hash(row, 5) * l
      const col = Math.floor(bx / l)
      if (y - row * h < 1.2 || bx - col * l < 1.2) return 0.74
      return 0.86 + 0.22 * hash(row, col)
    }
    case 'concrete': {
      const w = Math.max(20, u / 9)
      const h = w / 2
      const px = x % w
      const py = y % h
      if (px < 1 || py < 1) return 0.84
      // tie holes of the formwork, four to a panel
      const tx = Math.abs(px - w / 4) < 1 || Math.abs(px - (3 * w) / 4) < 1
      const ty = Math.abs(py - h / 4) < 1 || Math.abs(py - (3 * h) / 4) < 1
      if (tx && ty) return 0.7
      return 0.95 + 0.08 * hash(Math.floor(x / 3), Math.floor(y / 3))
    }
    case 'metal': {
      const w = Math.max(6, u / 48)
      const t = (x % w) / w
      return t < 0.08 ? 1.14 : t < 0.16 ? 0.8 : 0.97 + 0.05 * Math.sin(y * 0.05)
    }
    case 'glass':
      return 0.92 + 0.16 * Math.max(0, Math.sin((x - y * 0.6) * 0.06))
    case 'render':
      return 0.97 + 0.05 * hash(Math.floor(x / 2), Math.floor(y / 2))
  }
}
