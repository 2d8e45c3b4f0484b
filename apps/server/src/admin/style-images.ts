import type { StyleImageUploadResponse } from '@parti/contract'
import { UPLOAD_LIMIT_BYTES } from '@parti/contract'
import { AppError, invalid } from '../domain/errors.ts'
import { uuidv7 } from '../lib/ids.ts'
import { SafeFetchError, safeFetch } from '../lib/safe-fetch.ts'
import type { StorageService } from '../storage/service.ts'
import { checkImage } from '../storage/uploads.ts'

/** Style card images the admins upload live here, under a fresh name each (so they can be cached forever). */
const KEY_PREFIX = 'catalog/uploads/'
const STYLE_IMAGE_URL_PREFIX = '/api/style-images/'
export const STYLE_IMAGE_FILE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/

export const styleImageKey = (file: string) => `${KEY_PREFIX}${file}`

/**
 * The upload rules of docs/product.md#validation-upload (PNG, JPEG or WebP by content, ≤ 10 MB), then into
 * the blob store.
 */
export async function storeStyleImage(
  storage: StorageService,
  data: Buffer,
): Promise<StyleImageUploadResponse> {
  const image = await checkImage(data)
  const file = `${uuidv7()}.${image.format === 'jpeg' ? 'jpg' : image.format}`
  await storage.blobs.put(styleImageKey(file), image.data, `image/${image.format}`)
  return { imageUrl: `${STYLE_IMAGE_URL_PREFIX}${file}`, width: image.width, height: image.height }
}

/** The blob key behind an upload address this server handed out, or null for any other address. */
function uploadKeyOf(url: string): string | null {
  if (!url.startsWith(STYLE_IMAGE_URL_PREFIX)) return null
  const file = url.slice(STYLE_IMAGE_URL_PREFIX.length)
  return STYLE_IMAGE_FILE.test(file) ? styleImageKey(file) : null
}

/** `keep`: the style keeps the image it has; otherwise the stored image it gets (null: its drawn preview). */
export type StyleImageChoice = 'keep' | { imageKey: string | null }

/**
 * What a style's `imageUrl` field means when an admin saves it (docs/product.md#style: image by upload or
 * URL):
 * - absent, or the style's own image address: keep the current image;
 * - empty or null: no image of its own, the card is drawn in the style's look;
 * - an address from POST /admin/styles/upload-image: that upload;
 * - any other http(s) address: fetched once (never from our own network), checked like an upload and stored,
 *   since the site's pages only show images it serves itself.
 */
export async function resolveStyleImage(
  storage: StorageService,
  styleId: string | null,
  imageUrl: string | null | undefined,
): Promise<StyleImageChoice> {
  if (imageUrl === undefined) return 'keep'
  const url = imageUrl?.trim() ?? ''
  if (!url) return { imageKey: null }
  if (styleId && url.split('?')[0] === `/api/styles/${styleId}/image`) return 'keep'
  const uploaded = uploadKeyOf(url)
  if (uploaded) {
    if (!(await storage.blobs.head(uploaded))) throw invalid('invalid_image_url', 'imageUrl')
    return { imageKey: uploaded }
  }
  if (!/^https?:\/\//i.test(url)) throw invalid('invalid_image_url', 'imageUrl')
  let data: Buffer
  try {
    data = (await safeFetch(url, { maxBytes: UPLOAD_LIMIT_BYTES, timeoutMs: 15_000 })).data
  } catch (err) {
    if (err instanceof SafeFetchError && err.reason === 'too_large') throw new AppError('payload_too_large')
    throw invalid('invalid_image_url', 'imageUrl')
  }
  try {
    const { imageUrl: stored } = await storeStyleImage(storage, data)
    return { imageKey: uploadKeyOf(stored) }
  } catch (err) {
    if (err instanceof AppError && err.code === 'payload_too_large') throw err
    throw invalid('invalid_image_url', 'imageUrl')
  }
}

/** An admin upload no style uses any more: gone from the blob store (quietly: it may be gone already). */
export async function forgetStyleImage(storage: StorageService, key: string | null): Promise<void> {
  if (key?.startsWith(KEY_PREFIX)) await storage.blobs.delete(key).catch(() => {})
}
