/**
 * A structure-aware fill for large holes: every hole pixel is interpolated along its row (between the colours
 * just left and right of the hole) and along its column (above and below), and each direction counts as much as
 * its two ends agree. Where a floor line or a skirting board crosses the hole, the row ends agree and the line
 * carries straight through; Telea alone would bend it into a smear.
 */
export interface DirectionalFill {
  /** RGB fill for every pixel (only hole pixels are meaningful) */
  colour: Float32Array
  /** 0..1 confidence: how well the two ends agreed in the better direction */
  confidence: Float32Array
}

/** Colour difference at which two ends are taken as "not the same surface". */
const SIGMA = 40
/** Boundary colours are averaged over this many pixels outside the hole, to step over grain. */
const SAMPLE = 6

export function directionalFill(
  data: Uint8Array,
  hole: Uint8Array,
  width: number,
  height: number,
): DirectionalFill {
  const n = width * height
  const sum = new Float32Array(n * 3)
  const weight = new Float32Array(n)
  const best = new Float32Array(n)
  const sample = (x: number, y: number, dx: number, dy: number): [number, number, number] | null => {
    let r = 0
    let g = 0
    let b = 0
    let k = 0
    for (let s = 0; s < SAMPLE; s++) {
      const sx = x + dx * s
      const sy = y + dy * s
      if (sx < 0 || sy < 0 || sx >= width || sy >= height || hole[sy * width + sx]) break
      const i = (sy * width + sx) * 3
      r += data[i]!
      g += data[i + 1]!
      b += data[i + 2]!
      k++
    }
    return k === 0 ? null : [r / k, g / k, b / k]
  }
  const run = (
    len: number,
    at: (t: number) => number,
    a: [number, number, number] | null,
    b: [number, number, number] | null,
  ) => {
    if (!a && !b) return
    const from = a ?? b!
    const to = b ?? a!
    const diff = Math.hypot(from[0] - to[0], from[1] - to[1], from[2] - to[2])
    // one-sided runs (the hole reaches the border) are trusted less than two agreeing ends
    const w = (a && b ? 1 : 0.35) * Math.exp(-(diff * diff) / (2 * SIGMA * SIGMA))
    for (let t = 0; t < len; t++) {
      const p = at(t)
      const f = (t + 1) / (len + 1)
      const ww = w + 1e-4
      sum[p * 3]! += (from[0] + (to[0] - from[0]) * f) * ww
      sum[p * 3 + 1]! += (from[1] + (to[1] - from[1]) * f) * ww
      sum[p * 3 + 2]! += (from[2] + (to[2] - from[2]) * f) * ww
      weight[p]! += ww
      if (w > best[p]!) best[p] = w
    }
  }
  for (let y = 0; y < height; y++) {
    let x = 0
    while (x < width) {
      if (!hole[y * width + x]) {
        x++
        continue
      }
      const start = x
      while (x < width && hole[y * width + x]) x++
      run(x - start, (t) => y * width + start + t, sample(start - 1, y, -1, 0), sample(x, y, 1, 0))
    }
  }
  for (let x = 0; x < width; x++) {
    let y = 0
    while (y < height) {
      if (!hole[y * width + x]) {
        y++
        continue
      }
      const start = y
      while (y < height && hole[y * width + x]) y++
      run(y - start, (t) => (start + t) * width + x, sample(x, start - 1, 0, -1), sample(x, y, 0, 1))
    }
  }
  const colour = new Float32Array(n * 3)
  for (let p = 0; p < n; p++) {
    const w = weight[p]!
    if (w === 0) continue
    colour[p * 3] = sum[p * 3]! / w
    colour[p * 3 + 1] = sum[p * 3 + 1]! / w
    colour[p * 3 + 2] = sum[p * 3 + 2]! / w
  }
  smoothInside(colour, hole, width, height)
  for (let p = 0; p < n; p++) best[p] = Math.min(1, best[p]! * 1.6)
  return { colour, confidence: best }
}

/** A small box blur over the hole only: rows filled from slightly different ends would otherwise streak. */
function smoothInside(colour: Float32Array, hole: Uint8Array, width: number, height: number): void {
  const radius = 2
  const copy = Float32Array.from(colour)
  for (const [dx, dy] of [
    [1, 0],
    [0, 1],
  ] as const) {
    copy.set(colour)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = y * width + x
        if (!hole[p]) continue
        let r = 0
        let g = 0
        let b = 0
        let k = 0
        for (let s = -radius; s <= radius; s++) {
          const sx = x + dx * s
          const sy = y + dy * s
          if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue
          const q = sy * width + sx
          if (!hole[q]) continue
          r += copy[q * 3]!
          g += copy[q * 3 + 1]!
          b += copy[q * 3 + 2]!
          k++
        }
        colour[p * 3] = r / k
        colour[p * 3 + 1] = g / k
        colour[p * 3 + 2] = b / k
      }
    }
  }
}
