import type { DetectResponse } from '@parti/contract'
import sharp from 'sharp'
import { AppError } from '../domain/errors.ts'
import { decodeRgb, inspectInput } from '../engines/local/image-io.ts'
import { findSurface, surfaceKind } from '../engines/local/prep/repaint.ts'
import { pointOf } from '../kinds/repaint.ts'
import { detectFaces } from '../lib/faces.ts'

/** the surface is found and its mask answered at this long side at most (enough to draw over a preview) */
const SURFACE_SIDE = 1024

/**
 * What `POST /render/detect` answers (docs/decisions/0111-privacy-blur.md, 0112-repaint-exact-colours.md): the
 * faces to offer as toggles, or the surface a click picks, on a photo that is neither stored nor charged.
 */
export async function detectInPhoto(
  photo: Buffer,
  what: 'faces' | 'surface',
  paintPoint: string | undefined,
): Promise<DetectResponse> {
  try {
    return await detect(photo, what, paintPoint)
  } catch (error) {
    if (error instanceof AppError) throw error
    // a file whose header reads but whose pixels do not (truncated, corrupt)
    throw new AppError(
      'invalid_image_file',
      undefined,
      { reason: 'file_damaged' },
      { family: 'unprocessable' },
    )
  }
}

async function detect(
  photo: Buffer,
  what: 'faces' | 'surface',
  paintPoint: string | undefined,
): Promise<DetectResponse> {
  const info = await inspectInput(photo, 'image')
  const size = { width: info.width, height: info.height }
  if (what === 'faces') {
    const faces = await detectFaces(photo)
    if (!faces) throw new AppError('unavailable', 'The face detector is not available on this server')
    return { ...size, faces, surface: null }
  }
  const point = pointOf(paintPoint)
  if (!point)
    throw new AppError('validation_failed', 'paintPoint: "x,y" as fractions of the picture', {
      field: 'paintPoint',
    })
  const k = Math.min(1, SURFACE_SIDE / Math.max(info.width, info.height))
  const image = await decodeRgb(
    photo,
    Math.max(1, Math.round(info.width * k)),
    Math.max(1, Math.round(info.height * k)),
  )
  const surface = await findSurface(photo, image, point, null)
  if (!surface) return { ...size, faces: [], surface: null }
  const png = await sharp(Buffer.from(surface.mask), {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .toColourspace('b-w')
    .png()
    .toBuffer()
  return {
    ...size,
    faces: [],
    surface: {
      mask: `data:image/png;base64,${png.toString('base64')}`,
      share: Math.round(surface.share * 1000) / 1000,
      kind: surfaceKind(surface),
    },
  }
}
