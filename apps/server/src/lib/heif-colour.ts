// The colour information of a HEIF file's primary image, read from the container itself
// (docs/decisions/0124-heic-colour-to-srgb.md): libheif in WebAssembly decodes the pixels but hands over no
// profile.
// ISO/IEC 23008-12 keeps it as a `colr` property: `meta` → `iprp` → `ipco` holds the properties, `ipma`
// associates them (1-based indices) with items, `pitm` names the primary item. A `colr` is either an ICC
// profile (`prof`, `rICC`) or `nclx` code points (ITU-T H.273). Pure, bounded: a malformed file never throws,
// it reads as `none` (libheif then decodes it or refuses it).

export type HeifColour =
  | { kind: 'icc'; icc: Buffer }
  | { kind: 'nclx'; primaries: number; transfer: number; matrix: number; fullRange: boolean }
  | { kind: 'none' }
  /** an ICC profile whose tag table points outside it: libvips would ignore it silently */
  | { kind: 'unusable-icc' }

type Box = { type: string; start: number; body: number; end: number }

/** The boxes laid end to end in data[start, end); stops at the first one whose size does not fit. */
function boxes(data: Buffer, start: number, end: number): Box[] {
  const out: Box[] = []
  let at = start
  while (at + 8 <= end && out.length < 10_000) {
    let size = data.readUInt32BE(at)
    const type = data.toString('latin1', at + 4, at + 8)
    let body = at + 8
    if (size === 1) {
      if (at + 16 > end) break
      const large = data.readBigUInt64BE(at + 8)
      if (large > BigInt(end - at)) break
      size = Number(large)
      body = at + 16
    } else if (size === 0) {
      size = end - at
    }
    if (size < body - at || at + size > end) break
    out.push({ type, start: at, body, end: at + size })
    at += size
  }
  return out
}

const child = (data: Buffer, parent: Box, type: string, skip = 0) =>
  boxes(data, parent.body + skip, parent.end).find((b) => b.type === type)

/** The `colr` properties of the primary image, ICC first (libheif's choice too), or `none`. */
export function readHeifColour(data: Buffer): HeifColour {
  try {
    const meta = boxes(data, 0, data.length).find((b) => b.type === 'meta')
    if (!meta || meta.body + 4 > meta.end) return { kind: 'none' }
    // meta, pitm and ipma are full boxes: version (1 byte) and flags (3 bytes) before their fields
    const pitm = child(data, meta, 'pitm', 4)
    const iprp = child(data, meta, 'iprp', 4)
    if (!pitm || !iprp || pitm.body + 4 > pitm.end) return { kind: 'none' }
    const pitmVersion = data[pitm.body]!
    const primary =
      pitmVersion === 0
        ? pitm.body + 6 <= pitm.end
          ? data.readUInt16BE(pitm.body + 4)
          : -1
        : pitm.body + 8 <= pitm.end
          ? data.readUInt32BE(pitm.body + 4)
          : -1
    if (primary < 0) return { kind: 'none' }
    const inside = boxes(data, iprp.body, iprp.end)
    const ipco = inside.find((b) => b.type === 'ipco')
    if (!ipco) return { kind: 'none' }
    const properties = boxes(data, ipco.body, ipco.end)
    const colourOf = (item: number): HeifColour => {
      const colours: HeifColour[] = []
      for (const ipma of inside.filter((b) => b.type === 'ipma')) {
        for (const index of associations(data, ipma, item)) {
          const property = properties[index - 1]
          if (property?.type === 'colr') {
            const colour = readColr(data, property)
            if (colour.kind !== 'none') colours.push(colour)
          }
        }
      }
      return colours.find((c) => c.kind === 'icc') ?? colours[0] ?? { kind: 'none' }
    }
    const own = colourOf(primary)
    if (own.kind !== 'none') return own
    // a grid (a phone's photo is tiles) without its own colr: its first tile's, as libheif does
    const iref = child(data, meta, 'iref', 4)
    const tile = iref ? firstReference(data, iref, primary, 'dimg') : -1
    return tile >= 0 ? colourOf(tile) : { kind: 'none' }
  } catch {
    // every read above is bounds-checked; this is the belt to those braces
    return { kind: 'none' }
  }
}

/** The first item `from` refers to by a reference of `type` in `iref` (-1 when none). */
function firstReference(data: Buffer, iref: Box, from: number, type: string): number {
  if (iref.body + 4 > iref.end) return -1
  const idSize = data[iref.body] === 0 ? 2 : 4
  const read = (at: number) => (idSize === 2 ? data.readUInt16BE(at) : data.readUInt32BE(at))
  for (const ref of boxes(data, iref.body + 4, iref.end)) {
    if (ref.type !== type || ref.body + idSize * 2 + 2 > ref.end) continue
    if (read(ref.body) !== from) continue
    const count = data.readUInt16BE(ref.body + idSize)
    return count > 0 ? read(ref.body + idSize + 2) : -1
  }
  return -1
}

/** The 1-based property indices `ipma` associates with `item` (0, "none", left out). */
function associations(data: Buffer, ipma: Box, item: number): number[] {
  let at = ipma.body
  if (at + 8 > ipma.end) return []
  const version = data[at]!
  const wide = (data.readUInt32BE(at) & 1) === 1 // flags bit 0: 15-bit indices instead of 7-bit
  const count = data.readUInt32BE(at + 4)
  at += 8
  for (let i = 0; i < count; i++) {
    const idSize = version < 1 ? 2 : 4
    if (at + idSize + 1 > ipma.end) return []
    const id = version < 1 ? data.readUInt16BE(at) : data.readUInt32BE(at)
    const n = data[at + idSize]!
    at += idSize + 1
    const entrySize = wide ? 2 : 1
    if (at + n * entrySize > ipma.end) return []
    if (id === item) {
      const out: number[] = []
      for (let k = 0; k < n; k++) {
        const index = wide ? data.readUInt16BE(at + k * 2) & 0x7fff : data[at + k]! & 0x7f
        if (index > 0) out.push(index)
      }
      return out
    }
    at += n * entrySize
  }
  return []
}

function readColr(data: Buffer, colr: Box): HeifColour {
  if (colr.body + 4 > colr.end) return { kind: 'none' }
  const type = data.toString('latin1', colr.body, colr.body + 4)
  const at = colr.body + 4
  if (type === 'nclx') {
    if (at + 7 > colr.end) return { kind: 'none' }
    return {
      kind: 'nclx',
      primaries: data.readUInt16BE(at),
      transfer: data.readUInt16BE(at + 2),
      matrix: data.readUInt16BE(at + 4),
      fullRange: (data[at + 6]! & 0x80) !== 0,
    }
  }
  if (type === 'prof' || type === 'rICC') {
    // an ICC profile is at least its 128-byte header, with 'acsp' at 36 and its own size at 0
    const icc = data.subarray(at, colr.end)
    if (icc.length < 132 || icc.toString('latin1', 36, 40) !== 'acsp') return { kind: 'none' }
    return iccTagsFit(icc) ? { kind: 'icc', icc: Buffer.from(icc) } : { kind: 'unusable-icc' }
  }
  return { kind: 'none' }
}

/** The profile's own size within what the box holds, and every tag (signature, offset, size) inside it. */
function iccTagsFit(icc: Buffer): boolean {
  const size = icc.readUInt32BE(0)
  if (size < 132 || size > icc.length) return false
  const count = icc.readUInt32BE(128)
  if (132 + count * 12 > size) return false
  for (let i = 0; i < count; i++) {
    const offset = icc.readUInt32BE(132 + i * 12 + 4)
    const length = icc.readUInt32BE(132 + i * 12 + 8)
    if (offset + length > size) return false
  }
  return true
}

/**
 * What to do with the decoded pixels for this colour information (H.273 code points):
 * - `icc`: convert with the profile (libvips/lcms);
 * - `display-p3`: primaries 12 (SMPTE EG 432-1, Display P3) with the sRGB curve (13, or 2 unspecified):
 *   the linear-light matrix below;
 * - `srgb`: nothing to do (no colour information, or BT.709/sRGB primaries, or unspecified, with an
 *   sRGB-like curve: libheif's own assumption);
 * - `kept`: anything else (BT.2020, PQ/HLG HDR, DCI white…, a damaged ICC profile): the pixels are kept as
 *   decoded, and said so.
 */
export type ColourPlan = 'icc' | 'display-p3' | 'srgb' | 'kept'

const SRGB_LIKE_TRANSFER = new Set([1, 2, 6, 13, 14, 15]) // BT.709, unspecified, BT.601, sRGB, BT.2020 SDR

export function colourPlan(colour: HeifColour): ColourPlan {
  if (colour.kind === 'none') return 'srgb'
  if (colour.kind === 'icc') return 'icc'
  if (colour.kind === 'unusable-icc') return 'kept'
  const { primaries, transfer } = colour
  if (primaries === 12 && (transfer === 13 || transfer === 2)) return 'display-p3'
  if ((primaries === 1 || primaries === 2) && SRGB_LIKE_TRANSFER.has(transfer)) return 'srgb'
  return 'kept'
}

// Display P3 → sRGB: both D65, so one 3×3 matrix in linear light: M = RGB→XYZ(sRGB)⁻¹ · RGB→XYZ(P3), built
// from the primaries' chromaticities (CIE 1931 xy) and the D65 white point.
type Mat = [number, number, number, number, number, number, number, number, number]

function rgbToXyz(r: [number, number], g: [number, number], b: [number, number]): Mat {
  const white: [number, number] = [0.3127, 0.329]
  const col = ([x, y]: [number, number]) => [x / y, 1, (1 - x - y) / y] as const
  const [R, G, B, W] = [col(r), col(g), col(b), col(white)]
  const m: Mat = [R[0], G[0], B[0], R[1], G[1], B[1], R[2], G[2], B[2]]
  const s = solve(m, [W[0], W[1], W[2]])
  return [
    m[0] * s[0],
    m[1] * s[1],
    m[2] * s[2],
    m[3] * s[0],
    m[4] * s[1],
    m[5] * s[2],
    m[6] * s[0],
    m[7] * s[1],
    m[8] * s[2],
  ]
}

function invert(m: Mat): Mat {
  const [a, b, c, d, e, f, g, h, i] = m
  const A = e * i - f * h
  const B = -(d * i - f * g)
  const C = d * h - e * g
  const det = a * A + b * B + c * C
  return [
    A / det,
    -(b * i - c * h) / det,
    (b * f - c * e) / det,
    B / det,
    (a * i - c * g) / det,
    -(a * f - c * d) / det,
    C / det,
    -(a * h - b * g) / det,
    (a * e - b * d) / det,
  ]
}

function solve(m: Mat, v: [number, number, number]): [number, number, number] {
  const n = invert(m)
  return [
    n[0] * v[0] + n[1] * v[1] + n[2] * v[2],
    n[3] * v[0] + n[4] * v[1] + n[5] * v[2],
    n[6] * v[0] + n[7] * v[1] + n[8] * v[2],
  ]
}

function multiply(a: Mat, b: Mat): Mat {
  const out = new Array(9).fill(0) as Mat
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) {
      let sum = 0
      for (let k = 0; k < 3; k++) sum += a[r * 3 + k]! * b[k * 3 + c]!
      out[r * 3 + c] = sum
    }
  return out
}

/** Linear Display P3 → linear sRGB (≈ [1.2249 −0.2247 0; −0.0420 1.0419 0; −0.0197 −0.0786 1.0979]). */
export const P3_TO_SRGB: Mat = multiply(
  invert(rgbToXyz([0.64, 0.33], [0.3, 0.6], [0.15, 0.06])),
  rgbToXyz([0.68, 0.32], [0.265, 0.69], [0.15, 0.06]),
)

const toLinear = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
const toCurve = (v: number) => (v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055)

// Linear light in fixed point (1 = STEPS): for each output channel k and input channel c, a table of
// M[k][c] · linear(v) over the 256 input values, so a pixel is nine lookups and six integer additions; the
// sRGB curve back is one table over [0, STEPS]. Both rounding steps together stay under a tenth of a level.
const STEPS = 65536
const TERMS = Array.from({ length: 9 }, (_, i) =>
  Int32Array.from({ length: 256 }, (_, v) => Math.round(P3_TO_SRGB[i]! * toLinear(v / 255) * STEPS)),
)
const ENCODE = Uint8Array.from({ length: STEPS + 1 }, (_, i) => Math.round(toCurve(i / STEPS) * 255))

/**
 * Display P3 pixels (8-bit, sRGB curve) made sRGB in place: decoded to linear light, the matrix applied,
 * clipped to [0, 1] (colours outside sRGB, the most saturated P3 reds and greens, land on its edge), encoded
 * again. `channels` 3 or 4 (alpha untouched).
 */
export function displayP3ToSrgb(pixels: Uint8Array | Uint8ClampedArray, channels: 3 | 4): void {
  const px = new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength)
  const [t0, t1, t2, t3, t4, t5, t6, t7, t8] = TERMS as [
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
    Int32Array,
  ]
  const end = px.length - 2
  for (let i = 0; i < end; i += channels) {
    const r = px[i]!
    const g = px[i + 1]!
    const b = px[i + 2]!
    const x = t0[r]! + t1[g]! + t2[b]!
    const y = t3[r]! + t4[g]! + t5[b]!
    const z = t6[r]! + t7[g]! + t8[b]!
    px[i] = ENCODE[x < 0 ? 0 : x > STEPS ? STEPS : x]!
    px[i + 1] = ENCODE[y < 0 ? 0 : y > STEPS ? STEPS : y]!
    px[i + 2] = ENCODE[z < 0 ? 0 : z > STEPS ? STEPS : z]!
  }
}
