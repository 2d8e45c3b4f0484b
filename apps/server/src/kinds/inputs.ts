import { PDF_MAX_PAGES, PdfPage, UPLOAD_LIMIT_BYTES, type UploadFormat } from '@parti/contract'
import { and, eq } from 'drizzle-orm'
import type { SessionUser } from '../auth/sessions.ts'
import type { AppContext } from '../context.ts'
import { generations } from '../db/schema.ts'
import { AppError, invalid, notAnImage } from '../domain/errors.ts'
import { isUuid } from '../lib/ids.ts'
import { inspectImage } from '../lib/images.ts'
import { SafeFetchError, safeFetch } from '../lib/safe-fetch.ts'
import { sniffUpload } from '../lib/upload-formats.ts'
import { checkImage, type RequestParts, storeUpload } from '../storage/uploads.ts'

export interface ResolvedInput {
  key: string
  width: number
  height: number
  sourceGenerationId: string | null
  /** a new file this request stored (deleted again if the request fails) */
  uploaded: boolean
}

/**
 * Where a job's input image comes from: an uploaded file part, an earlier result of the same user
 * (`sourceGenerationId`, or one of our own file URLs), or an outside http(s) URL fetched safely.
 */
export async function resolveInput(
  ctx: AppContext,
  session: SessionUser,
  parts: RequestParts,
  fileField: string,
  source: { imageUrl?: string | undefined; sourceGenerationId?: string | undefined },
): Promise<ResolvedInput | null> {
  const file = parts.files.get(fileField)?.[0]
  if (file) {
    const image = await checkImage(file, pdfPageOf(parts))
    const key = await storeUpload(ctx.storage, session.userId, image)
    return { key, width: image.width, height: image.height, sourceGenerationId: null, uploaded: true }
  }
  if (source.sourceGenerationId) return fromGeneration(ctx, session, source.sourceGenerationId)
  if (source.imageUrl) {
    const own = ownFileKey(source.imageUrl, session.userId, ctx.config.publicUrl)
    if (own) return fromOwnKey(ctx, own)
    return fromUrl(ctx, session, parts, source.imageUrl)
  }
  return null
}

const isPlainImage = (f: UploadFormat) => f === 'png' || f === 'jpeg' || f === 'webp'

/** The PDF page asked for (1-based), the first when absent; a page that is not a number is a 400. */
function pdfPageOf(parts: RequestParts): number {
  const r = PdfPage.safeParse(parts.fields.pdfPage)
  if (!r.success) {
    throw new AppError('validation_failed', `pdfPage: a page number from 1 to ${PDF_MAX_PAGES}`, {
      field: 'pdfPage',
    })
  }
  return r.data ?? 1
}

/** Another user's generation answers 404, exactly like a missing one. */
async function fromGeneration(ctx: AppContext, session: SessionUser, id: string): Promise<ResolvedInput> {
  if (!isUuid(id)) throw new AppError('not_found', 'The source image was not found')
  const [row] = await ctx.database.db
    .select()
    .from(generations)
    .where(
      and(eq(generations.id, id), eq(generations.userId, session.userId), eq(generations.deleted, false)),
    )
  if (!row) throw new AppError('not_found', 'The source image was not found')
  // a video's poster frame is its image
  const key = row.outputImageKey
  if (!key || row.status !== 'completed') throw new AppError('conflict', 'The source image is not ready yet')
  const resolved = await fromOwnKey(ctx, key)
  return { ...resolved, sourceGenerationId: row.id }
}

async function fromOwnKey(ctx: AppContext, key: string): Promise<ResolvedInput> {
  const data = await ctx.storage.blobs.get(key)
  if (!data) throw new AppError('not_found', 'The source image was not found')
  const r = await inspectImage(data)
  if (!r.ok) throw notAnImage()
  return { key, width: r.width, height: r.height, sourceGenerationId: null, uploaded: false }
}

function ownFileKey(url: string, userId: string, publicUrl: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url, publicUrl)
  } catch {
    return null
  }
  const sameOrigin = url.startsWith('/') || parsed.origin === new URL(publicUrl).origin
  const prefix = `/api/files/users/${userId}/`
  if (!sameOrigin || !parsed.pathname.startsWith(prefix) || parsed.pathname.includes('..')) return null
  return parsed.pathname.slice('/api/files/'.length)
}

/**
 * 'Invalid image URL' (docs/product.md#validation-image-url): not http(s), a private address, unreachable,
 * not an image.
 */
async function fromUrl(
  ctx: AppContext,
  session: SessionUser,
  parts: RequestParts,
  url: string,
): Promise<ResolvedInput> {
  let data: Buffer
  try {
    data = (await safeFetch(url, { maxBytes: UPLOAD_LIMIT_BYTES, timeoutMs: 15_000 })).data
  } catch (err) {
    if (err instanceof SafeFetchError && err.reason === 'too_large') throw new AppError('payload_too_large')
    throw invalid('invalid_image_url', 'imageUrl')
  }
  const format = sniffUpload(data)
  // PNG, JPEG and WebP are judged from their header here; the other formats by their conversion
  const r = format && !isPlainImage(format) ? null : await inspectImage(data)
  if (r && !r.ok) {
    if (r.reason === 'too_many_pixels')
      throw new AppError('payload_too_large', 'The image has too many pixels')
    throw invalid('invalid_image_url', 'imageUrl')
  }
  const image = await checkImage(data, pdfPageOf(parts))
  const key = await storeUpload(ctx.storage, session.userId, image)
  return { key, width: image.width, height: image.height, sourceGenerationId: null, uploaded: true }
}
