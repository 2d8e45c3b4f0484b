import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { onnxModel } from './onnx-model.ts'

// M-LSD (Apache-2.0, from the jp.keijiro.mlsd package; apps/server/models/mlsd/README.md) run by onnxruntime-node
// on the CPU: a picture's straight segments (walls, ceiling edges, window frames, doors). Used by the fidelity
// report (docs/decisions/0061-fidelity-measures.md) and by straighten verticals
// (docs/decisions/0101-straighten-verticals.md).

const SIDE = 512
const CELLS = 256
const MODEL = fileURLToPath(new URL('../../models/mlsd/mlsd_512x512_tiny.onnx', import.meta.url))
/** a cell is a segment centre from this score on */
const MIN_SCORE = 0.1
/** segments shorter than this (pixels at 512²) are furniture texture, not structure */
const MIN_LENGTH = 24

export interface Segment {
  x1: number
  y1: number
  x2: number
  y2: number
}

/** The model, loaded once per process on first use; null (and the line F-score used) when it cannot load. */
const model = onnxModel(MODEL)

/** The straight segments of a picture, in pixels of a 512² copy; null when the detector cannot run here. */
export async function detectSegments(image: Buffer): Promise<Segment[] | null> {
  const m = await model()
  if (!m) return null
  const rgb = await sharp(image).rotate().resize(SIDE, SIDE, { fit: 'fill' }).removeAlpha().raw().toBuffer()
  const input = new Float32Array(SIDE * SIDE * 4)
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    input[j] = rgb[i]!
    input[j + 1] = rgb[i + 1]!
    input[j + 2] = rgb[i + 2]!
    input[j + 3] = 1
  }
  const feeds = { [m.session.inputNames[0]!]: new m.ort.Tensor('float32', input, [1, SIDE, SIDE, 4]) }
  const out = await m.session.run(feeds)
  const scores = (out.scores ?? out[m.session.outputNames[0]!]!).data as Float32Array
  const offsets = (out.offsets ?? out[m.session.outputNames[1]!]!).data as Float32Array
  return decode(scores, offsets)
}

/** Segment centres are local maxima of the score map; each cell carries its segment's two ends. */
function decode(scores: Float32Array, offsets: Float32Array): Segment[] {
  const segments: Segment[] = []
  for (let y = 0; y < CELLS; y++) {
    for (let x = 0; x < CELLS; x++) {
      const i = y * CELLS + x
      const s = scores[i]!
      if (s < MIN_SCORE || !isPeak(scores, x, y, s)) continue
      const o = i * 4
      const seg = {
        x1: (x + offsets[o]!) * 2,
        y1: (y + offsets[o + 1]!) * 2,
        x2: (x + offsets[o + 2]!) * 2,
        y2: (y + offsets[o + 3]!) * 2,
      }
      if (Math.hypot(seg.x2 - seg.x1, seg.y2 - seg.y1) >= MIN_LENGTH) segments.push(seg)
    }
  }
  return segments
}

function isPeak(scores: Float32Array, x: number, y: number, s: number): boolean {
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const nx = x + dx
      const ny = y + dy
      if ((dx || dy) && nx >= 0 && ny >= 0 && nx < CELLS && ny < CELLS && scores[ny * CELLS + nx]! > s)
        return false
    }
  return true
}
