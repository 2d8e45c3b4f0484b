import { MAX_INPUT_PIXELS, MIN_INPUT_SIDE, UPLOAD_LIMIT_BYTES } from '@parti/contract'
import { AppError, invalid, notAnImage } from '../domain/errors.ts'
import { uuidv7 } from '../lib/ids.ts'
import { decodeDataUrl, decodeImage, imageEnd, normaliseMask } from '../lib/images.ts'
import { convertUpload } from '../lib/upload-formats.ts'
import { type StorageService, userKey } from './service.ts'

// Uploads, judged by their bytes and stored under their owner's folder. Whatever the transport (a multipart
// request today: http/read-parts.ts), a request's inputs arrive as RequestParts.

/** A request's fields and files, read into memory. */
export interface RequestParts {
  fields: Record<string, unknown>
  files: Map<string, Buffer[]>
}

export interface CheckedImage {
  data: Buffer
  format: 'png' | 'jpeg' | 'webp'
  width: number
  height: number
}

/**
 * PNG, JPEG, WebP, HEIC, AVIF, TIFF or a PDF page by content, within the pixel cap, decoded in full (docs/product.md#validation-upload), before
 * anything is charged or stored: a file an engine could not read is refused here, not failed and refunded later.
 * Not an image at all: 415; too many pixels: 413; damaged, truncated or too small: 422 — each 'Please select a
 * valid image file' unless the size says more, with `details.reason`.
 */
export async function checkImage(upload: Buffer, pdfPage = 1): Promise<CheckedImage> {
  if (upload.length > UPLOAD_LIMIT_BYTES) throw new AppError('payload_too_large')
  // HEIC, AVIF, TIFF and PDF become a PNG or JPEG first (docs/decisions/0100-phone-and-drawing-inputs.md)
  const converted = await convertUpload(upload, pdfPage)
  if (!converted.ok && converted.reason === 'no_such_page') {
    throw new AppError('validation_failed', `pdfPage: the PDF has ${converted.pages} page(s)`, {
      field: 'pdfPage',
      reason: 'no_such_page',
      pages: converted.pages,
    })
  }
  const data = converted.ok ? converted.data : upload
  const r = converted.ok ? await decodeImage(data) : converted
  // bytes after the image's end are not the image: cut before anything is stored (lib/images.ts)
  if (r.ok)
    return {
      data: data.subarray(0, imageEnd(data, r.format)),
      format: r.format,
      width: r.width,
      height: r.height,
    }
  switch (r.reason) {
    case 'too_many_pixels':
      throw new AppError(
        'payload_too_large',
        `The image has too many pixels (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`,
        { reason: 'too_many_pixels', max: MAX_INPUT_PIXELS },
      )
    case 'too_small':
      throw new AppError(
        'invalid_image_file',
        undefined,
        { reason: 'file_too_small', width: r.width, height: r.height, min: MIN_INPUT_SIDE },
        { family: 'unprocessable' },
      )
    case 'damaged':
    case 'too_slow':
      throw new AppError(
        'invalid_image_file',
        undefined,
        { reason: 'file_damaged' },
        { family: 'unprocessable' },
      )
    default:
      throw notAnImage()
  }
}

/** Store an accepted upload under the user's folder; blobs before rows, so a job never points at nothing. */
export async function storeUpload(
  storage: StorageService,
  userId: string,
  image: CheckedImage,
): Promise<string> {
  const key = userKey(userId, 'uploads', `${uuidv7()}.${image.format === 'jpeg' ? 'jpg' : image.format}`)
  await storage.blobs.put(key, image.data, `image/${image.format}`)
  return key
}

/**
 * The lasso mask (docs/product.md#validation-inpaint): a file part or a data URL, normalised to a PNG of the
 * image's size. `required` turns a missing or empty selection into the lasso message there.
 */
export async function readMask(
  parts: RequestParts,
  image: { width: number; height: number },
  required: boolean,
): Promise<Buffer | null> {
  const file = parts.files.get('maskData')?.[0] ?? parts.files.get('mask')?.[0]
  const field = parts.fields.maskData
  const data = file ?? (typeof field === 'string' && field ? decodeDataUrl(field) : null)
  if (!data) {
    if (typeof field === 'string' && field) throw invalid('lasso_required', 'maskData')
    if (required) throw invalid('lasso_required', 'maskData')
    return null
  }
  const mask = await normaliseMask(data, image.width, image.height)
  if (!mask || mask.selectedFraction === 0) {
    if (required) throw invalid('lasso_required', 'maskData')
    return null
  }
  return mask.png
}

/** Remove blobs of a request that created nothing; a blob already gone is fine. */
export async function deleteQuietly(storage: StorageService, keys: string[]): Promise<void> {
  await Promise.all(keys.map((k) => storage.blobs.delete(k).catch(() => {})))
}
