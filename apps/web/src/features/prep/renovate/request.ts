import { type DetectResponse, type FractionBox, type MaterialId, priceOf } from '@parti/contract'
import { call } from '../../../lib/api'
import { appendInput, type InputImage } from '../../create/inputImage'
import { creditsReason, type Reason } from '../../create/readiness'
import type { StartJobInput } from '../../create/useStartJob'

/** docs/product.md#pricing: privacy blur and repaint, one price each (docs/decisions/0111, 0112). */
export const PRIVACY_COST = priceOf('privacy')
export const REPAINT_COST = priceOf('repaint')

/** A face the detector found, and whether it will be blurred (the toggle). */
export interface FaceChoice extends FractionBox {
  score: number
  blur: boolean
}

/**
 * The photo as `POST /render/detect` takes it: the file, or an earlier result's file read back from Parti (a
 * project's export sends its refused photos here to choose what to blur); null for an image on the web.
 */
async function detectBody(photo: InputImage, detect: 'faces' | 'surface'): Promise<FormData | null> {
  const body = new FormData()
  if (photo.kind === 'file') {
    body.append('file', photo.file, photo.file.name || 'photo')
    if (photo.pdfPage) body.append('pdfPage', String(photo.pdfPage))
  } else if (photo.kind === 'generation') {
    const r = await fetch(photo.previewUrl, { credentials: 'include' })
    if (!r.ok) return null
    body.append('file', await r.blob(), 'photo')
  } else return null
  body.append('detect', detect)
  return body
}

/** The faces of a photo, each offered blurred (docs/decisions/0111-privacy-blur.md); free. */
export async function detectFaces(photo: InputImage): Promise<FaceChoice[] | null> {
  const body = await detectBody(photo, 'faces')
  if (!body) return null
  const r = await call('POST /render/detect', { body })
  return r.faces.map((f) => ({ ...f, blur: true }))
}

/** The surface a click picks, as a mask to draw over the photo (docs/decisions/0112-repaint-exact-colours.md); free. */
export async function detectSurface(
  photo: InputImage,
  point: { x: number; y: number },
): Promise<DetectResponse['surface']> {
  const body = await detectBody(photo, 'surface')
  if (!body) return null
  body.append('paintPoint', `${point.x.toFixed(4)},${point.y.toFixed(4)}`)
  return (await call('POST /render/detect', { body })).surface
}

/** POST /api/render/start for privacy blur: the photo, the faces kept blurred, the lasso's areas. */
export function privacyRequest(
  photo: InputImage,
  faces: FaceChoice[] | null,
  mask: Blob | null,
): StartJobInput {
  const form = new FormData()
  form.append('generationType', 'privacy')
  appendInput(form, 'image', photo)
  // faces found here are sent as chosen; without a detection (an image on the web) the server finds them itself
  if (faces) {
    const kept = faces.filter((f) => f.blur).map(({ x, y, w, h }) => ({ x, y, w, h }))
    form.append('blurBoxes', JSON.stringify(kept))
  }
  if (mask) form.append('maskData', mask, 'mask.png')
  return { endpoint: '/render/start', body: form }
}

/** What the surface takes: a colour as typed or picked, or a material from the library (never both). */
export type Finish = { paintColor: string } | { material: MaterialId }

/** POST /api/render/start for repaint: the photo, the click, the lasso and the colour or material. */
export function repaintRequest(
  photo: InputImage,
  finish: Finish,
  point: { x: number; y: number } | null,
  mask: Blob | null,
): StartJobInput {
  const form = new FormData()
  form.append('generationType', 'repaint')
  appendInput(form, 'image', photo)
  if ('material' in finish) form.append('material', finish.material)
  else form.append('paintColor', finish.paintColor)
  if (point) form.append('paintPoint', `${point.x.toFixed(4)},${point.y.toFixed(4)}`)
  if (mask) form.append('maskData', mask, 'mask.png')
  return { endpoint: '/render/start', body: form }
}

/** Why a prep job cannot run yet: a photo, and the credits. */
export function renovateReadiness(input: { hasPhoto: boolean; credits: number; cost: number }): Reason[] {
  const reasons: Reason[] = []
  if (!input.hasPhoto) reasons.push({ code: 'room_photo_required', field: 'image' })
  return [...reasons, ...creditsReason(input.cost, input.credits)]
}
