import sharp from 'sharp'
import { ciede2000, type Lab, rgbToLab } from './ciede2000.ts'

/** One requested colour and what the picture shows where it went (docs/product.md#fidelity). */
export interface ColourFidelity {
  /** #rrggbb as asked */
  requested: string
  /** #rrggbb: the mean colour of the region it was matched to */
  rendered: string
  /** CIEDE2000 between the two; under ~2 is hard to see, over ~10 is another colour */
  deltaE: number
  /** share of the picture that region covers */
  share: number
}

/** Colours are measured on a small copy: regions of colour survive, a pixel's noise does not. */
const SIDE = 96
/** The picture's colours are summarised in this many clusters. */
const CLUSTERS = 10
/** A cluster smaller than this share of the picture is a detail, not a region a colour was applied to. */
const MIN_SHARE = 0.01

/**
 * How closely the requested colours were rendered. The engines do not say where they put a colour, so the
 * region is found in the output: its colours are clustered (k-means in CIELAB), and each requested colour is
 * matched to the cluster nearest to it by ΔE00 among those covering at least 1 % of the picture
 * (docs/decisions/0061-fidelity-measures.md).
 */
export async function colourFidelity(
  output: Buffer | { data: Buffer; width: number; height: number },
  requested: string[],
): Promise<ColourFidelity[]> {
  const wanted = requested.filter((c) => /^#[0-9a-f]{6}$/i.test(c))
  if (!wanted.length) return []
  // an encoded picture, or its RGB pixels already decoded
  const source = Buffer.isBuffer(output)
    ? sharp(output).rotate()
    : sharp(output.data, { raw: { width: output.width, height: output.height, channels: 3 } })
  const { data, info } = await source
    .resize(SIDE, SIDE, { fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const n = info.width * info.height
  const labs: Lab[] = new Array(n)
  for (let i = 0; i < n; i++) labs[i] = rgbToLab(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!)
  const { centres, counts, rgb } = kMeans(labs, data, CLUSTERS)
  return wanted.map((hex) => {
    const target = rgbToLab(...hexRgb(hex))
    let best = -1
    let bestD = Number.POSITIVE_INFINITY
    for (let k = 0; k < centres.length; k++) {
      if (counts[k]! / n < MIN_SHARE) continue
      const d = ciede2000(target, centres[k]!)
      if (d < bestD) {
        bestD = d
        best = k
      }
    }
    return {
      requested: hex.toLowerCase(),
      rendered: toHex(rgb[best]!),
      deltaE: Math.round(bestD * 10) / 10,
      share: Math.round((counts[best]! / n) * 1000) / 1000,
    }
  })
}

function hexRgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16)
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255]
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b].map((v) => Math.round(v!).toString(16).padStart(2, '0')).join('')}`
}

/**
 * Plain k-means in CIELAB (Euclidean, fast; the match itself uses ΔE00), seeded deterministically by spreading
 * the first centres over the picture's lightness range, so one picture always gives one answer.
 */
function kMeans(labs: Lab[], data: Buffer, k: number) {
  const lightness = Float64Array.from(labs, (lab) => lab[0]).sort()
  let centres: Lab[] = Array.from({ length: k }, (_, j) =>
    atLightnessRank(labs, lightness, Math.floor(((j + 0.5) / k) * labs.length)),
  )
  // flat typed copies for the hot loop (every pixel, every centre, every iteration): no tuple destructuring
  const n = labs.length
  const flat = new Float64Array(n * 3)
  for (let i = 0; i < n; i++) {
    const lab = labs[i]!
    flat[i * 3] = lab[0]
    flat[i * 3 + 1] = lab[1]
    flat[i * 3 + 2] = lab[2]
  }
  const at = new Float64Array(k * 3)
  const assign = new Uint8Array(n).fill(255)
  let counts = new Uint32Array(k)
  let rgb: number[][] = []
  for (let iter = 0, moved = 1; iter < 8 && moved; iter++) {
    moved = 0
    for (let j = 0; j < k; j++) {
      const c = centres[j]!
      at[j * 3] = c[0]
      at[j * 3 + 1] = c[1]
      at[j * 3 + 2] = c[2]
    }
    const sums = new Float64Array(k * 6)
    counts = new Uint32Array(k)
    for (let i = 0; i < n; i++) {
      const L = flat[i * 3]!
      const a = flat[i * 3 + 1]!
      const b = flat[i * 3 + 2]!
      let best = 0
      let bestD = Number.POSITIVE_INFINITY
      for (let j = 0; j < k; j++) {
        // partial sums only grow: a centre already farther on lightness alone is passed over (same answer)
        const dL = L - at[j * 3]!
        const d1 = dL * dL
        if (d1 >= bestD) continue
        const da = a - at[j * 3 + 1]!
        const db = b - at[j * 3 + 2]!
        const d = d1 + da * da + db * db
        if (d < bestD) {
          bestD = d
          best = j
        }
      }
      if (assign[i] !== best) moved++
      assign[i] = best
      counts[best]!++
      const s = best * 6
      sums[s] = sums[s]! + L
      sums[s + 1] = sums[s + 1]! + a
      sums[s + 2] = sums[s + 2]! + b
      sums[s + 3] = sums[s + 3]! + data[i * 3]!
      sums[s + 4] = sums[s + 4]! + data[i * 3 + 1]!
      sums[s + 5] = sums[s + 5]! + data[i * 3 + 2]!
    }
    centres = centres.map((c, j) => {
      const m = counts[j]!
      return m ? ([sums[j * 6]! / m, sums[j * 6 + 1]! / m, sums[j * 6 + 2]! / m] as const) : c
    })
    rgb = centres.map((_, j) => {
      const m = counts[j]! || 1
      return [sums[j * 6 + 3]! / m, sums[j * 6 + 4]! / m, sums[j * 6 + 5]! / m]
    })
  }
  return { centres, counts, rgb }
}

/**
 * The colour at a rank of the pixels ordered by lightness, ties in pixel order (what a stable sort by L gives),
 * found from a native sort of the lightness values alone (`sorted`).
 */
function atLightnessRank(labs: Lab[], sorted: Float64Array, rank: number): Lab {
  const v = sorted[rank]!
  let below = 0
  for (const lab of labs) if (lab[0] < v) below++
  for (const lab of labs) if (lab[0] === v && below++ === rank) return lab
  return labs[rank]!
}
