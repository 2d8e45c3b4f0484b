import { UPLOAD_LIMIT_BYTES } from '@parti/contract'
import type { FastifyRequest } from 'fastify'
import { AppError, invalid, notAnImage } from '../domain/errors.ts'
import { uuidv7 } from '../lib/ids.ts'
import { decodeDataUrl, inspectImage, normaliseMask } from '../lib/images.ts'
import { type StorageService, userKey } from '../storage/service.ts'

export interface RequestParts {
  fields: Record<string, unknown>
  files: Map<string, Buffer[]>
}

/**
 * Read a multipart request into memory (each file ≤ 10 MB: 413 beyond), or take a JSON body as its fields.
 * Files are judged later by their bytes.
 */
export async function readParts(req: FastifyRequest): Promise<RequestParts> {
  const files = new Map<string, Buffer[]>()
  if (!req.isMultipart()) {
    const body = req.body
    return { fields: body && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {}, files }
  }
  const fields: Record<string, unknown> = {}
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer()
      if (data.length === 0) continue // an empty file input sends an empty part
      const list = files.get(part.fieldname) ?? []
      list.push(data)
      files.set(part.fieldname, list)
    } else {
      // a repeated field (angles=front&angles=side) is a list
      const prev = fields[part.fieldname]
      fields[part.fieldname] =
        prev === undefined ? part.value : [...(Array.isArray(prev) ? prev : [prev]), part.value]
    }
  }
  return { fields, files }
}

export interface CheckedImage {
  data: Buffer
  format: 'png' | 'jpeg' | 'webp'
  width: number
  height: number
}

/** PNG, JPEG or WebP by content, within the pixel cap; anything else is 'Please select a valid image file'. */
export async function checkImage(data: Buffer): Promise<CheckedImage> {
  if (data.length > UPLOAD_LIMIT_BYTES) throw new AppError('payload_too_large')
  const r = await inspectImage(data)
  if (!r.ok) {
    if (r.reason === 'too_many_pixels') {
      throw new AppError('payload_too_large', 'The image has too many pixels (at most 50 megapixels)')
    }
    throw notAnImage()
  }
  return { data, format: r.format, width: r.width, height: r.height }
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
 * The lasso mask (spec §5): a file part or a data URL, normalised to a PNG of the image's size. `required`
 * turns a missing or empty selection into the spec's lasso message.
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

export async function deleteQuietly(storage: StorageService, keys: string[]): Promise<void> {
  await Promise.all(keys.map((k) => storage.blobs.delete(k).catch(() => {})))
}
