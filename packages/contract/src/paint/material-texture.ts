import { type Material, type MaterialId, materialOf } from './materials.ts'

// The procedural texture of the materials (docs/decisions/0120-repaint-materials.md): boards, herringbone
// staircases, tile and brick bonds, value noise for grain, clouds and veins, scattered chips — a pure function of
// a point in metres on the surface, the pixel's footprint there and a seed. The engine lays it; the screen draws
// its swatches with it.

const hexBytes = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]
const lin = (v: number) => {
  const s = v / 255
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
}
type Rgb = [number, number, number]
// per-pixel calls: each colour is parsed and linearised once
const LINEAR = new Map<string, Rgb>()
const linear = (hex: string): Rgb => {
  let c = LINEAR.get(hex)
  if (!c) {
    c = hexBytes(hex).map(lin) as Rgb
    LINEAR.set(hex, c)
  }
  return c
}
const DARK = new Map<string, Rgb>()
/** a board's joint: the gap between two boards, the wood's colour in shadow */
const gap = (hex: string): Rgb => {
  let c = DARK.get(hex)
  if (!c) {
    c = linear(hex).map((v) => v * 0.35) as Rgb
    DARK.set(hex, c)
  }
  return c
}

/** A hash of two integers and a seed, in [0, 1). */
function hash(i: number, j: number, seed: number): number {
  let h = (Math.imul(i | 0, 374761393) + Math.imul(j | 0, 668265263) + Math.imul(seed | 0, 1440662683)) | 0
  h = Math.imul(h ^ (h >>> 13), 1274126177)
  h ^= h >>> 16
  return (h >>> 0) / 4294967296
}

/** Value noise in [0, 1], features one unit wide. */
function noise(x: number, y: number, seed: number): number {
  const i = Math.floor(x)
  const j = Math.floor(y)
  const fx = x - i
  const fy = y - j
  const sx = fx * fx * (3 - 2 * fx)
  const sy = fy * fy * (3 - 2 * fy)
  const a = hash(i, j, seed)
  const b = hash(i + 1, j, seed)
  const c = hash(i, j + 1, seed)
  const d = hash(i + 1, j + 1, seed)
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy
}

/**
 * Noise around 0 (about ±0.5) over three octaves of `wavelength` m; octaves finer than two pixels (`fp`, m per
 * pixel) fade out so a far floor does not shimmer.
 */
function fbm(u: number, v: number, wavelength: number, fp: number, seed: number, stretch = 1): number {
  let sum = 0
  let amp = 0.5
  let wl = wavelength
  for (let o = 0; o < 3; o++) {
    const fade = Math.min(1, Math.max(0, (wl / fp - 2) / 2))
    if (fade > 0) sum += amp * fade * (noise(u / wl, (v / wl) * stretch, seed + o * 101) - 0.5)
    amp *= 0.5
    wl /= 2.3
  }
  return sum * 1.6
}

/** The share of a pixel `fp` wide, centred `d` from the middle of a joint `w` wide, that the joint covers. */
function jointCover(d: number, w: number, fp: number): number {
  const f = Math.max(fp, 1e-6)
  return Math.max(0, Math.min(d + f / 2, w / 2) - Math.max(d - f / 2, -w / 2)) / f
}

/** A joint's cover, faded to its mean share when the units are smaller than a few pixels (no moiré). */
function joints(d: number, w: number, fp: number, period: number): number {
  const c = jointCover(d, w, fp)
  const t = Math.min(1, Math.max(0, (fp - period / 6) / (period / 3)))
  return c * (1 - t) + (w / period) * t
}

const fract = (x: number) => x - Math.floor(x)

/**
 * The albedo (linear sRGB, 0–1) of a material at (u, v) m on its surface — u across, v along (away from the
 * camera on a floor, up on a wall) — seen by a pixel `fu` × `fv` m. Writes into `out`.
 */
export function materialAlbedo(
  m: Material,
  u: number,
  v: number,
  fu: number,
  fv: number,
  seed: number,
  out: Float32Array | number[],
): void {
  const base = linear(m.base)
  const fp = Math.max(fu, fv)
  const p = m.pattern
  let tone = 1
  let mix = 0
  let mixColour = base
  switch (p.kind) {
    case 'planks': {
      const col = Math.floor(u / p.width)
      const offset = hash(col, 7, seed) * p.length
      const row = Math.floor((v + offset) / p.length)
      const fade = Math.max(0, 1 - fp / p.width)
      tone += m.variation * 2 * (hash(col, row, seed) - 0.5) * fade
      tone += p.grain * fbm(u + col * 3.1, v, 0.25, fp, seed + col, 0.08)
      const du = Math.min(fract(u / p.width), 1 - fract(u / p.width)) * p.width
      const dv = Math.min(fract((v + offset) / p.length), 1 - fract((v + offset) / p.length)) * p.length
      mix = Math.min(1, joints(du, p.joint, fu, p.width) + joints(dv, p.joint, fv, p.length))
      mixColour = gap(m.base)
      break
    }
    case 'herringbone': {
      // the pattern at 45°: in plank-width units, staircases of a horizontal and a vertical board
      const s = Math.SQRT1_2 / p.width
      const x = (u + v) * s
      const y = (v - u) * s
      const k = p.ratio
      const m0 = Math.floor((x - y) / (2 * k))
      let id = 0
      let dx = 1
      let dy = 1
      let along = 0
      for (let mm = m0 - 1; mm <= m0 + 1; mm++) {
        const lx = x - mm * k
        const ly = y + mm * k
        const t = Math.floor(ly)
        if (lx >= t && lx < t + k) {
          id = t * 2 + mm * 7919
          dx = Math.min(lx - t, t + k - lx)
          dy = Math.min(ly - t, t + 1 - ly)
          along = lx
          break
        }
        const tv = Math.floor(lx)
        if (ly >= tv + 1 && ly < tv + 1 + k) {
          id = tv * 2 + 1 + mm * 7919
          dx = Math.min(lx - tv, tv + 1 - lx)
          dy = Math.min(ly - tv - 1, tv + 1 + k - ly)
          along = ly + 50
          break
        }
      }
      const fpx = fp * s
      const fade = Math.max(0, 1 - fpx)
      tone += m.variation * 2 * (hash(id, 3, seed) - 0.5) * fade
      tone += p.grain * fbm(along * p.width, id * 0.37, 0.25, fp, seed + 5, 12)
      const w = p.joint * s
      mix = Math.min(1, joints(dx, w, fpx, 1) + joints(dy, w, fpx, 1))
      mixColour = gap(m.base)
      break
    }
    case 'tiles': {
      const row = Math.floor(v / p.height)
      const shifted = u + row * p.bond * p.width
      const col = Math.floor(shifted / p.width)
      const fade = Math.max(0, 1 - fp / Math.min(p.width, p.height))
      tone += m.variation * 2 * (hash(col, row, seed) - 0.5) * fade
      tone += p.rough * fbm(u, v, 0.03, fp, seed + 11)
      const du = Math.min(fract(shifted / p.width), 1 - fract(shifted / p.width)) * p.width
      const dv = Math.min(fract(v / p.height), 1 - fract(v / p.height)) * p.height
      mix = Math.min(1, joints(du, p.joint, fu, p.width) + joints(dv, p.joint, fv, p.height))
      mixColour = linear(p.grout)
      break
    }
    case 'cloudy':
      tone += p.depth * 2 * fbm(u, v, p.scale, fp, seed) + p.speckle * 2 * fbm(u, v, 0.01, fp, seed + 3)
      break
    case 'terrazzo': {
      const cell = 0.03
      const ci = Math.floor(u / cell)
      const cj = Math.floor(v / cell)
      let chip = -1
      let cover = 0
      for (let a = ci - 1; a <= ci + 1 && chip < 0; a++) {
        for (let b = cj - 1; b <= cj + 1; b++) {
          if (hash(a, b, seed) > 0.75) continue
          const r = 0.004 + 0.009 * hash(a, b, seed + 1)
          const cx = (a + hash(a, b, seed + 2)) * cell
          const cy = (b + hash(a, b, seed + 3)) * cell
          const d = Math.sqrt((u - cx) ** 2 + ((v - cy) * 1.3) ** 2)
          const c = Math.min(1, Math.max(0, (r - d) / Math.max(fp, 1e-6) + 0.5))
          if (c > 0) {
            chip = Math.floor(hash(a, b, seed + 4) * p.chips.length)
            cover = c
            break
          }
        }
      }
      if (chip >= 0) {
        mixColour = linear(p.chips[chip]!)
        // far away the chips blend into the mean
        mix = cover * Math.max(0, 1 - fp / 0.012)
      }
      tone += 0.03 * fbm(u, v, 0.2, fp, seed + 9)
      break
    }
    case 'marble': {
      const si = Math.floor(u / p.slab)
      const sj = Math.floor(v / p.slab)
      const ou = u + hash(si, sj, seed) * 17
      const ov = v + hash(si, sj, seed + 1) * 17
      // veins: the crests of a warped diagonal wave, a soft halo around a sharper core
      const warp = fbm(ou, ov, 0.7, fp, seed + 2)
      const wave = Math.abs(Math.sin((ou * 0.8 + ov * 0.5) * 3.2 + warp * 5))
      const fade = Math.max(0, 1 - fp / 0.01)
      mixColour = linear(p.vein)
      mix = (0.3 * (1 - wave) ** 6 + 0.45 * (1 - wave) ** 40) * fade
      tone += 0.025 * fbm(ou, ov, 0.15, fp, seed + 6)
      const du = Math.min(fract(u / p.slab), 1 - fract(u / p.slab)) * p.slab
      const dv = Math.min(fract(v / p.slab), 1 - fract(v / p.slab)) * p.slab
      const j = Math.min(1, joints(du, 0.0015, fu, p.slab) + joints(dv, 0.0015, fv, p.slab))
      mix = Math.min(1, mix + j * 0.6)
      break
    }
  }
  for (let c = 0; c < 3; c++) out[c] = Math.max(0, base[c]! * tone * (1 - mix) + mixColour[c]! * mix)
}

/**
 * A square swatch of a material, `metres` a side seen flat, as RGBA bytes (`size`² pixels): what the screen
 * shows, drawn by the same function the engine lays.
 */
export function materialSwatch(id: MaterialId, size: number, metres: number, seed = 1): Uint8ClampedArray {
  const m = materialOf(id)
  const out = new Uint8ClampedArray(size * size * 4)
  const px = [0, 0, 0]
  const fp = metres / size
  const gam = (l: number) => (l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055) * 255
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      materialAlbedo(m, (x + 0.5) * fp, (size - y - 0.5) * fp, fp, fp, seed, px)
      const i = (y * size + x) * 4
      out[i] = gam(Math.min(1, px[0]!))
      out[i + 1] = gam(Math.min(1, px[1]!))
      out[i + 2] = gam(Math.min(1, px[2]!))
      out[i + 3] = 255
    }
  }
  return out
}
