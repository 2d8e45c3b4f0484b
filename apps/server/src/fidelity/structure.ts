import { detectSegments, type Segment } from '../lib/line-segments.ts'
import type { StructureCheck } from './report.ts'

// The room's structure kept: M-LSD's segments (lib/line-segments.ts) of input and output matched
// (docs/decisions/0061-fidelity-measures.md).

/** an output segment matches an input one within this angle… */
const MAX_ANGLE_DEG = 6
/** …and this distance from its line (pixels at 512²) */
const MAX_OFFSET_PX = 4
/** an input segment is found again when this share of its length is covered by matching output segments */
const MIN_COVER = 0.6

/**
 * The share of the input's structure found again: each input segment is covered by output segments of nearly
 * the same angle lying on nearly the same line; the score is the covered length over the total, counting a
 * segment as found when most of it is covered. A wall keeps its weight over a picture frame.
 */
export function structureKept(input: Segment[], output: Segment[]): number {
  let total = 0
  let found = 0
  for (const a of input) {
    const len = Math.hypot(a.x2 - a.x1, a.y2 - a.y1)
    const ux = (a.x2 - a.x1) / len
    const uy = (a.y2 - a.y1) / len
    const spans: [number, number][] = []
    for (const b of output) {
      const blen = Math.hypot(b.x2 - b.x1, b.y2 - b.y1)
      const cos = Math.abs(((b.x2 - b.x1) * ux + (b.y2 - b.y1) * uy) / blen)
      if (cos < Math.cos((MAX_ANGLE_DEG * Math.PI) / 180)) continue
      const d1 = Math.abs((b.x1 - a.x1) * uy - (b.y1 - a.y1) * ux)
      const d2 = Math.abs((b.x2 - a.x1) * uy - (b.y2 - a.y1) * ux)
      if (d1 > MAX_OFFSET_PX || d2 > MAX_OFFSET_PX) continue
      const t1 = (b.x1 - a.x1) * ux + (b.y1 - a.y1) * uy
      const t2 = (b.x2 - a.x1) * ux + (b.y2 - a.y1) * uy
      const lo = Math.max(0, Math.min(t1, t2))
      const hi = Math.min(len, Math.max(t1, t2))
      if (hi > lo) spans.push([lo, hi])
    }
    total += len
    if (covered(spans) >= MIN_COVER * len) found += len
  }
  return total ? found / total : 1
}

function covered(spans: [number, number][]): number {
  spans.sort((p, q) => p[0] - q[0])
  let sum = 0
  let end = Number.NEGATIVE_INFINITY
  for (const [lo, hi] of spans) {
    if (hi <= end) continue
    sum += hi - Math.max(lo, end)
    end = hi
  }
  return sum
}

/** The structure check of room photos: null (fall back to the line F-score) when the model cannot load. */
export const mlsdStructure: StructureCheck = {
  async score(input, output) {
    const [a, b] = await Promise.all([detectSegments(input), detectSegments(output)])
    if (!a || !b) return null
    return structureKept(a, b)
  },
}
