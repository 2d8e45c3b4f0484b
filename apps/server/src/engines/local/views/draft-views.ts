import type { Angle } from '@parti/contract'
import { mix, type Rgb } from '../color.ts'
import type { RawImage } from '../image-io.ts'
import { boundingBox, cropGrey, cropRaw, growRect } from '../raw.ts'
import { eaveShare, faceColour, paintFace } from './box.ts'
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
    case 'side':
    case 'corner':
      // the faces meet at the drawing's own edge: no margin around the cut-out
      return boxView(W, H, context, cutOut(base, context.subject, 0), angle === 'side' ? SIDE : CORNER)
    case 'aerial': {
      // from above and in front: a high horizon, the facade leaning back (its top nearer, so wider) and the top
      // of the mass as a hatched plane behind it
      const canvas = backdrop(W, H, context.sky, context.ground, H * 0.12)
      const [l, t, r, b] = fit(piece.image, W * 0.7, H * 0.56, W * 0.15, H * 0.92)
      const pinch = (r - l) * 0.09
      // the top of the mass starts at the main eave and recedes behind the roof drawn on the facade
      const eave = t + eaveShare(piece, 'left') * (b - t)
      const depth = (b - t) * 0.35
      const recede = (r - l) * 0.08
      paintFace(
        canvas,
        [
          [l + recede, eave - depth],
          [r - recede, eave - depth],
          [r, eave],
          [l, eave],
        ],
        mix(faceColour(piece, 0, 0.25, true), [255, 255, 255], 0.45),
        1,
      )
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
      // not offered by the built-in engine (capabilities.ts refuses it before charging); kept for direct calls:
      // a closer look at the middle of the picture, with a soft vignette
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

interface BoxShape {
  /** the drawn face's screen width and the unseen side's, per unit of the elevation's width at its near height */
  front: number
  side: number
  /** how much smaller the far end of each face is than the near corner */
  frontFar: number
  sideFar: number
}
const CORNER: BoxShape = { front: 0.7, side: 0.24, frontFar: 0.8, sideFar: 0.78 }
const SIDE: BoxShape = { front: 0.26, side: 0.5, frontFar: 0.6, sideFar: 0.8 }

/**
 * Two-point perspective of the elevation as the front of a box: the drawn face recedes to the left, the side
 * (unseen, so plain and hatched, in the shade) to the right, both converging on the horizon.
 */
async function boxView(W: number, H: number, context: ViewContext, piece: Piece, shape: BoxShape) {
  const horizon = H * 0.6
  const canvas = backdrop(W, H, context.sky, context.ground, horizon)
  const aspect = piece.image.width / piece.image.height
  const near = Math.min(H * 0.62, (W * 0.84) / (aspect * (shape.front + shape.side)))
  const fw = aspect * near * shape.front
  const sw = aspect * near * shape.side
  const c = W * 0.08 + (W * 0.84 - fw - sw) / 2 + fw
  const b = H * 0.88
  const t = b - near
  const far = (y: number, k: number) => horizon + (y - horizon) * k
  const eave = eaveShare(piece, 'right')
  const wallTop = t + eave * near
  paintFace(
    canvas,
    [
      [c, wallTop],
      [c + sw, far(wallTop, shape.sideFar)],
      [c + sw, far(b, shape.sideFar)],
      [c, b],
    ],
    faceColour(piece, eave + 0.05, 0.95),
    0.74,
  )
  await warpOnto(
    canvas,
    piece.image,
    [
      [c - fw, far(t, shape.frontFar)],
      [c, t],
      [c, b],
      [c - fw, far(b, shape.frontFar)],
    ],
    0.3,
    piece.alpha,
  )
  return canvas
}

/** The subject's box (or the whole picture) as a piece with its own transparency. */
function cutOut(base: RawImage, subject: Uint8Array | null, margin = 0.01): Piece {
  if (!subject) return { image: base, alpha: null }
  const box = boundingBox(
    subject.map((v) => (v > 64 ? 1 : 0)),
    base.width,
    base.height,
  )
  if (!box || box.width * box.height < base.width * base.height * 0.05) return { image: base, alpha: null }
  const r = growRect(box, Math.round(Math.max(base.width, base.height) * margin), base.width, base.height)
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
