import sharp, { type Sharp } from 'sharp'
import { luminance, mix, type Rgb } from '../color.ts'
import type { RawImage } from '../image-io.ts'
import { inpaintMasked } from '../inpaint.ts'
import { findVerticals, type Straightened, straightenPhoto, type Verticals } from '../prep/straighten.ts'
import {
  applyLuts,
  brightnessCurve,
  contrastCurve,
  luminanceOf,
  saturateImage,
  warmthCurves,
} from '../tone.ts'
import type { EditOp } from './ops.ts'
import type { PlannedEdit, Scope } from './plan.ts'

export interface EditInputs {
  /** binary 0/255 at the image's size, or null when nothing was selected */
  mask: Uint8Array | null
  palette: Rgb[] | null
  /** told what a straightening found and did, for the notes */
  onStraightened?: (verticals: Verticals, done: Straightened) => void
}

/** Edits that change pixels where they are, and so can be limited to the lasso, a side or a range of tones. */
const LOCAL: ReadonlySet<EditOp['kind']> = new Set([
  'brightness',
  'contrast',
  'warmth',
  'saturation',
  'black-and-white',
  'sepia',
  'sharpen',
  'recolour-palette',
])

/** Whether an edit stays inside a lasso (it changes pixels where they are, or fills the selection). */
export function staysInSelection(kind: EditOp['kind']): boolean {
  return LOCAL.has(kind) || kind === 'remove-selection'
}

const PIXEL_ORDER: Record<EditOp['kind'], number> = {
  'remove-selection': 0,
  'recolour-palette': 1,
  brightness: 2,
  contrast: 2,
  warmth: 2,
  saturation: 2,
  'black-and-white': 2,
  sepia: 2,
  'blur-background': 3,
  sharpen: 4,
  // the verticals first, then any crop or turn of the upright picture
  straighten: 5,
  crop: 6,
  rotate: 6,
  flip: 6,
}

/**
 * Applies the edits. Selection-based edits run first, while the lasso still lines up with the picture; tone edits
 * keep the order asked; crops, turns and flips come last. With a lasso, an edit that changes pixels where they
 * are changes only the selection (docs/decisions/0034-masked-edits-composited-back.md); an edit bound to a side
 * or to the shadows or highlights changes only there.
 */
export async function applyEdits(
  input: RawImage,
  edits: ReadonlyArray<EditOp | PlannedEdit>,
  inputs: EditInputs,
): Promise<RawImage> {
  let img = input
  const ordered = edits
    .map((e) => ('op' in e ? e : { op: e, scope: null }))
    .map((edit, i) => ({ edit, i }))
    .sort((a, b) => PIXEL_ORDER[a.edit.op.kind] - PIXEL_ORDER[b.edit.op.kind] || a.i - b.i)
    .map((x) => x.edit)
  for (const { op, scope } of ordered) {
    const weights = LOCAL.has(op.kind) ? areaWeights(img, scope, inputs.mask) : null
    if (!weights) {
      img = await applyEdit(img, op, inputs)
      continue
    }
    const before = Buffer.from(img.data)
    const after = await applyEdit(img, op, { ...inputs, mask: weights })
    img = blend(before, after, weights)
  }
  return img
}

/**
 * Where an edit applies, 0..255 per pixel, or null for everywhere: the lasso, times the side (with a short soft
 * edge at the middle) or the tones ("the shadows": dark pixels fully, mid-tones less, highlights not at all).
 */
function areaWeights(img: RawImage, scope: Scope | null, mask: Uint8Array | null): Uint8Array | null {
  if (!mask && (!scope || scope.kind === 'part')) return null
  const { width, height } = img
  const out = new Uint8Array(width * height)
  const y = scope?.kind === 'tones' ? luminanceOf(img) : null
  const smooth = (e0: number, e1: number, x: number) => {
    const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)))
    return t * t * (3 - 2 * t)
  }
  for (let row = 0, p = 0; row < height; row++) {
    for (let col = 0; col < width; col++, p++) {
      let w = mask ? mask[p]! / 255 : 1
      if (scope?.kind === 'side') {
        const along = scope.side === 'left' || scope.side === 'right' ? col / width : row / height
        const first = scope.side === 'left' || scope.side === 'top'
        w *= first ? 1 - smooth(0.47, 0.53, along) : smooth(0.47, 0.53, along)
      } else if (y) {
        const v = y[p]! / 255
        w *=
          scope?.kind === 'tones' && scope.tones === 'shadows'
            ? 1 - smooth(0.15, 0.6, v)
            : smooth(0.45, 0.85, v)
      }
      out[p] = Math.round(w * 255)
    }
  }
  return out
}

function blend(before: Buffer, after: RawImage, weights: Uint8Array): RawImage {
  const d = after.data
  for (let p = 0, i = 0; p < weights.length; p++, i += 3) {
    const k = weights[p]! / 255
    if (k === 1) continue
    d[i] = before[i]! + (d[i]! - before[i]!) * k
    d[i + 1] = before[i + 1]! + (d[i + 1]! - before[i + 1]!) * k
    d[i + 2] = before[i + 2]! + (d[i + 2]! - before[i + 2]!) * k
  }
  return after
}

async function applyEdit(img: RawImage, op: EditOp, inputs: EditInputs): Promise<RawImage> {
  switch (op.kind) {
    case 'remove-selection':
      return inputs.mask ? inpaintMasked(img, inputs.mask) : img
    case 'recolour-palette':
      if (inputs.palette) recolour(img, inputs.palette, inputs.mask !== null)
      return img
    case 'brightness':
      applyLuts(img, brightnessCurve(op.amount))
      return img
    case 'contrast':
      applyLuts(img, contrastCurve(op.amount))
      return img
    case 'warmth':
      applyLuts(img, warmthCurves(op.amount))
      return img
    case 'saturation':
      saturateImage(img, Math.max(0, 1 + 0.4 * op.amount))
      return img
    case 'black-and-white':
      blackAndWhite(img)
      return img
    case 'sepia':
      sepia(img)
      return img
    case 'sharpen':
      return viaSharp(img, (s) => s.sharpen({ sigma: 0.8 + 0.5 * op.amount, m1: 1, m2: 2.5 }))
    case 'blur-background':
      return blurBackground(img, inputs.mask, op.amount)
    case 'crop':
      return viaSharp(img, (s) => s.extract(cropBox(img.width, img.height, op.ratio)))
    case 'rotate':
      return viaSharp(img, (s) => s.rotate(op.degrees))
    case 'flip':
      return viaSharp(img, (s) => (op.axis === 'vertical' ? s.flip() : s.flop()))
    case 'straighten': {
      // the straighten kind's own engine, on the picture as the earlier edits left it
      const png = await sharp(img.data, {
        raw: { width: img.width, height: img.height, channels: img.channels },
      })
        .png({ compressionLevel: 1 })
        .toBuffer()
      const verticals = await findVerticals(png)
      if (!verticals) return img
      const done = await straightenPhoto(img, verticals)
      inputs.onStraightened?.(verticals, done)
      return done.image
    }
  }
}

async function viaSharp(img: RawImage, fn: (s: Sharp) => Sharp): Promise<RawImage> {
  const { data, info } = await fn(
    sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }),
  )
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: 3 }
}

/** The largest centred box of the ratio; 0:0 means "tighter", 85% of each side at the same aspect. */
function cropBox(width: number, height: number, [a, b]: readonly [number, number]) {
  let w = width
  let h = height
  if (a === 0 || b === 0) {
    w = Math.round(width * 0.85)
    h = Math.round(height * 0.85)
  } else if (width / height > a / b) {
    w = Math.round((height * a) / b)
  } else {
    h = Math.round((width * b) / a)
  }
  return { left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2), width: w, height: h }
}

function blackAndWhite(img: RawImage): void {
  const y = luminanceOf(img)
  const d = img.data
  for (let p = 0, i = 0; p < y.length; p++, i += 3) {
    // a gentle S keeps a converted photo from looking flat
    const v = y[p]! / 255
    const s = (v - Math.sin(2 * Math.PI * v) * 0.04) * 255
    const out = s <= 0 ? 0 : Math.min(s, 255)
    d[i] = out
    d[i + 1] = out
    d[i + 2] = out
  }
}

function sepia(img: RawImage): void {
  const y = luminanceOf(img)
  const d = img.data
  for (let p = 0, i = 0; p < y.length; p++, i += 3) {
    const v = y[p]!
    d[i] = Math.min(255, v * 1.07 + 14)
    d[i + 1] = Math.min(255, v * 0.93 + 6)
    d[i + 2] = Math.min(255, v * 0.72)
  }
}

/**
 * Keeps the subject sharp and blurs the rest: the lasso marks the subject when there is one; otherwise the
 * centre stays sharp and the blur grows toward the edges, like a wide aperture.
 */
async function blurBackground(img: RawImage, mask: Uint8Array | null, amount: number): Promise<RawImage> {
  const sigma = Math.max(2, (Math.max(img.width, img.height) / 110) * amount)
  const blurred = await viaSharp(img, (s) => s.blur(sigma))
  let keep: Uint8Array
  if (mask) {
    const { data } = await sharp(mask, { raw: { width: img.width, height: img.height, channels: 1 } })
      .blur(Math.max(1.5, sigma / 3))
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true })
    keep = data
  } else {
    keep = new Uint8Array(img.width * img.height)
    const cx = img.width / 2
    const cy = img.height / 2
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        const r = Math.hypot((x - cx) / (img.width * 0.5), (y - cy) / (img.height * 0.5))
        const t = Math.min(1, Math.max(0, (r - 0.35) / 0.45))
        keep[y * img.width + x] = (1 - t * t * (3 - 2 * t)) * 255
      }
    }
  }
  const d = img.data
  for (let p = 0, i = 0; p < keep.length; p++, i += 3) {
    const k = keep[p]! / 255
    d[i] = d[i]! * k + blurred.data[i]! * (1 - k)
    d[i + 1] = d[i + 1]! * k + blurred.data[i + 1]! * (1 - k)
    d[i + 2] = d[i + 2]! * k + blurred.data[i + 2]! * (1 - k)
  }
  return img
}

/**
 * Maps the picture's tones onto the palette (darkest colour in the shadows … lightest in the highlights) while
 * keeping each pixel's own brightness, so the result is the same photo in the palette's colours. Limited to a
 * selection (applyEdits blends it in there) it is stronger.
 */
function recolour(img: RawImage, palette: Rgb[], limited: boolean): void {
  const stops = [...palette].sort((a, b) => luminance(a) - luminance(b))
  const gradient: Rgb[] = []
  for (let v = 0; v < 256; v++) {
    const t = (v / 255) * (stops.length - 1)
    const i = Math.min(stops.length - 2, Math.floor(t))
    gradient.push(mix(stops[i]!, stops[i + 1]!, t - i))
  }
  const k = limited ? 0.85 : 0.55
  const y = luminanceOf(img)
  const d = img.data
  for (let p = 0, i = 0; p < y.length; p++, i += 3) {
    const target = gradient[y[p]!]!
    // keep the pixel's luminance: shift the palette colour to it
    const ty = 0.2126 * target[0] + 0.7152 * target[1] + 0.0722 * target[2]
    const shift = y[p]! - ty
    for (let c = 0; c < 3; c++) {
      const v = d[i + c]! * (1 - k) + (target[c]! + shift) * k
      d[i + c] = v <= 0 ? 0 : Math.min(v, 255)
    }
  }
}
