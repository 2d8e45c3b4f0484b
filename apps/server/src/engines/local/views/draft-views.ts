import type { Angle } from '@parti/contract'
import type { Rgb } from '../color.ts'
import type { RawImage } from '../image-io.ts'
import { boundingBox, cropGrey, cropRaw, growRect } from '../raw.ts'
import { backdrop, cropTo, type Quad, vignette, warpOnto } from './canvas.ts'

export interface ViewContext {
  sky: Rgb
  ground: Rgb
  /** for a rendered drawing: where the building is (0..255), so it can stand in a new scene without its sky */
  subject: Uint8Array | null
}

interface Piece {
  image: RawImage
  alpha: Uint8Array | null
}

/**
 * A draft view of a flat picture for each angle: a perspective warp, a crop, or the picture set in a context of
 * ground and sky. These are honest drafts (labelled as such in the facts), not new renderings of the building.
 */
export async function draftView(base: RawImage, angle: Angle, context: ViewContext): Promise<RawImage> {
  const { width: W, height: H } = base
  const piece = cutOut(base, context.subject)
  const place = (canvas: RawImage, p: Piece, quad: Quad, shadow = 0.35) =>
    warpOnto(canvas, p.image, quad, shadow, p.alpha)
  switch (angle) {
    case 'front': {
      // straight on, a step closer: the elevation filling the frame
      const m = 0.06
      return cropTo(base, { left: W * m, top: H * m, width: W * (1 - 2 * m), height: H * (1 - 2 * m) }, W, H)
    }
    case 'side': {
      // the facade turned about 35°: the far (right) edge shorter and further away
      const canvas = backdrop(W, H, context.sky, context.ground, H * 0.7)
      const box = fit(piece.image, W * 0.84, H * 0.8, W * 0.08, H * 0.9)
      const [l, t, r, b] = box
      const recede = (b - t) * 0.12
      await place(canvas, piece, [
        [l, t],
        [l + (r - l) * 0.82, t + recede],
        [l + (r - l) * 0.82, b - recede * 0.6],
        [l, b],
      ])
      return canvas
    }
    case 'corner': {
      // two faces meeting at a corner nearest the viewer: the left half recedes left, the right half right
      const canvas = backdrop(W, H, context.sky, context.ground, H * 0.72)
      const [l, t, r, b] = fit(piece.image, W * 0.86, H * 0.78, W * 0.07, H * 0.9)
      const mid = (l + r) / 2
      const half = Math.floor(piece.image.width / 2)
      const left = slice(piece, 0, half)
      const right = slice(piece, half, piece.image.width - half)
      // the right face is turned from the light: a shade darker
      darken(right.image, 0.86)
      const lean = (b - t) * 0.1
      await place(
        canvas,
        left,
        [
          [l + (mid - l) * 0.1, t + lean],
          [mid, t - lean * 0.4],
          [mid, b + lean * 0.4],
          [l + (mid - l) * 0.1, b - lean * 0.5],
        ],
        0.3,
      )
      await place(
        canvas,
        right,
        [
          [mid, t - lean * 0.4],
          [r - (r - mid) * 0.1, t + lean],
          [r - (r - mid) * 0.1, b - lean * 0.5],
          [mid, b + lean * 0.4],
        ],
        0.3,
      )
      return canvas
    }
    case 'aerial': {
      // from above and in front: a high horizon, a wide ground plane, the base further away than the top
      const canvas = backdrop(W, H, context.sky, context.ground, H * 0.12)
      const [l, t, r, b] = fit(piece.image, W * 0.8, H * 0.7, W * 0.1, H * 0.84)
      const pinch = (r - l) * 0.09
      await place(
        canvas,
        piece,
        [
          [l, t],
          [r, t],
          [r - pinch, b],
          [l + pinch, b],
        ],
        0.45,
      )
      return canvas
    }
    case 'interior': {
      // a closer look: the middle of the picture, where the entrance usually is, with a soft vignette
      const k = 0.55
      const out = await cropTo(
        base,
        { left: (W * (1 - k)) / 2, top: H * (1 - k) * 0.6, width: W * k, height: H * k },
        W,
        H,
      )
      vignette(out, 0.35)
      return out
    }
    case 'contextual': {
      // smaller, standing in its site: sky, ground, neighbouring masses on either side
      const horizon = H * 0.74
      const canvas = backdrop(W, H, context.sky, context.ground, horizon)
      massing(canvas, horizon)
      const [l, t, r, b] = fit(piece.image, W * 0.5, H * 0.5, W * 0.25, horizon + H * 0.02)
      await place(
        canvas,
        piece,
        [
          [l, t],
          [r, t],
          [r, b],
          [l, b],
        ],
        0.4,
      )
      return canvas
    }
  }
}

/** The subject's box (or the whole picture) as a piece with its own transparency. */
function cutOut(base: RawImage, subject: Uint8Array | null): Piece {
  if (!subject) return { image: base, alpha: null }
  const box = boundingBox(
    subject.map((v) => (v > 64 ? 1 : 0)),
    base.width,
    base.height,
  )
  if (!box || box.width * box.height < base.width * base.height * 0.05) return { image: base, alpha: null }
  const r = growRect(box, Math.round(Math.max(base.width, base.height) * 0.01), base.width, base.height)
  return { image: cropRaw(base, r), alpha: cropGrey(subject, base.width, r) }
}

/** Scales a piece into a box (keeping its aspect), centred horizontally, standing on `floor`: [l, t, r, b]. */
function fit(
  img: RawImage,
  maxW: number,
  maxH: number,
  left: number,
  floor: number,
): [number, number, number, number] {
  const k = Math.min(maxW / img.width, maxH / img.height)
  const w = img.width * k
  const h = img.height * k
  const l = left + (maxW - w) / 2
  return [l, floor - h, l + w, floor]
}

function slice(p: Piece, left: number, width: number): Piece {
  const rect = { left, top: 0, width, height: p.image.height }
  return { image: cropRaw(p.image, rect), alpha: p.alpha ? cropGrey(p.alpha, p.image.width, rect) : null }
}

function darken(img: RawImage, k: number): void {
  for (let i = 0; i < img.data.length; i++) img.data[i] = img.data[i]! * k
}

/** Neighbouring buildings as plain pale blocks, as on a site massing study. */
function massing(canvas: RawImage, ground: number): void {
  const { width: W, height: H } = canvas
  const blocks = [
    [0.0, 0.16, 0.36],
    [0.13, 0.22, 0.26],
    [0.8, 0.96, 0.3],
    [0.9, 1.0, 0.4],
  ] as const
  for (const [a, b, tall] of blocks) {
    const top = Math.round(ground - H * tall)
    for (let y = Math.max(0, top); y < Math.round(ground); y++) {
      for (let x = Math.round(W * a); x < Math.round(W * b); x++) {
        const i = (y * W + x) * 3
        // translucent: a hint of the neighbours, not a competing subject
        canvas.data[i] = canvas.data[i]! * 0.7 + 200 * 0.3
        canvas.data[i + 1] = canvas.data[i + 1]! * 0.7 + 200 * 0.3
        canvas.data[i + 2] = canvas.data[i + 2]! * 0.7 + 204 * 0.3
      }
    }
  }
}
