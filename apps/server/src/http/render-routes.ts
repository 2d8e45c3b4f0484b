import {
  AnimateFields,
  DetectResponse,
  InpaintFields,
  RENDER_START_KINDS,
  RenderStartedResponse,
  RenderStartFields,
  UPLOAD_FORMAT_NAMES,
  UPLOAD_LIMIT_BYTES,
  UploadPreviewResponse,
} from '@parti/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { checkCallbackUrl } from '../api-webhooks/callback-url.ts'
import type { Callback } from '../api-webhooks/repo.ts'
import { keyWebhookUrl } from '../auth/api-keys.ts'
import type { SessionUser } from '../auth/sessions.ts'
import type { AppContext } from '../context.ts'
import { AppError, invalid, notAnImage } from '../domain/errors.ts'
import type { EngineRouter } from '../engines/router.ts'
import { startRender } from '../generations/start.ts'
import type { RenderPath } from '../kinds/index.ts'
import { convertUpload, previewUpload } from '../lib/upload-formats.ts'
import { authenticated } from './auth-scope.ts'
import { detectInPhoto } from './detect.ts'
import { readParts } from './read-parts.ts'
import type { Api, ApiServices } from './types.ts'

const RENDER_LIMIT = { max: 120, timeWindow: '1 minute' }
/** The one `file` part of a request that stores nothing (a preview, a detection), within the upload limit. */
function oneFile(parts: Awaited<ReturnType<typeof readParts>>): Buffer {
  const file = parts.files.get('file')?.[0]
  if (!file) throw invalid('invalid_image_file', 'file')
  if (file.length > UPLOAD_LIMIT_BYTES) throw new AppError('payload_too_large')
  return file
}

/** Why an uploaded file could not be read as a picture, as the answer the client gets. */
function refusedUpload(reason: string): AppError {
  if (reason === 'not_an_image') return notAnImage()
  if (reason === 'too_many_pixels') return new AppError('payload_too_large', undefined, { reason })
  return new AppError(
    'invalid_image_file',
    undefined,
    { reason: 'file_damaged' },
    { family: 'unprocessable' },
  )
}

const multipartDoc = (fields: string) =>
  `multipart/form-data (or JSON with the same field names). ${fields} Answers 202 at once with the job(s) pending; ` +
  'follow them with GET /api/events or GET /api/user/generations/status.'

/**
 * The webhook of a render request (docs/product.md#api-webhooks): its `callbackUrl`, else the default of the
 * API key it was made with. Only a request made with an API key has one: the key's secret signs it.
 */
async function callbackOf(ctx: AppContext, user: SessionUser, field: unknown): Promise<Callback | undefined> {
  const asked = typeof field === 'string' && field.trim() !== '' ? field.trim() : null
  if (user.tokenKind !== 'api_key') {
    if (asked)
      throw new AppError('validation_failed', 'callbackUrl: only with an API key', {
        field: 'callbackUrl',
        reason: 'api_key_required',
      })
    return undefined
  }
  const url = asked ?? (await keyWebhookUrl(ctx.database.db, user.sessionId))
  if (!url) return undefined
  return {
    userId: user.userId,
    keyId: user.sessionId,
    url: checkCallbackUrl(url, ctx.config.WEBHOOK_ALLOW_LOOPBACK),
  }
}

/** A file part of a multipart body, as OpenAPI writes one. */
const filePart = (what: string) => z.string().meta({ format: 'binary' }).describe(what).optional()
const image = filePart(`the image (${UPLOAD_FORMAT_NAMES}, at most 10 MB)`)
const PREVIEW_SIDE = 480

// the bodies as the document shows them: text fields (contract) and file parts; the kinds check them (kinds/)
const RenderStartBody = RenderStartFields.extend({
  sketch: filePart('the sketch or plan (sketch render, multi-angle; several for a Pro batch)'),
  image,
})
const AnimateBody = AnimateFields.extend({ image })
const InpaintBody = InpaintFields.extend({ image })

/**
 * The render calls of docs/product.md#api-render: each validates, stores inputs, debits and queues, then
 * answers 202 without waiting.
 */
export function renderRoutes(app: Api, ctx: AppContext, services: ApiServices): void {
  authenticated(app, ctx.database.db, (api) => securedRenderRoutes(api, ctx, services.engines))
}

function securedRenderRoutes(app: Api, ctx: AppContext, engines: EngineRouter): void {
  const handle = (path: RenderPath) => async (req: FastifyRequest, reply: FastifyReply) => {
    const parts = await readParts(req)
    const callback = await callbackOf(ctx, req.user, parts.fields.callbackUrl)
    const { generations, batchId } = await startRender(ctx, engines, req.user, path, parts, callback)
    return reply
      .status(202)
      .send(generations.length === 1 && !batchId ? { generation: generations[0]! } : { generations, batchId })
  }

  app.post(
    '/render/start',
    {
      schema: {
        operationId: 'startRender',
        summary: 'Start a sketch render, multi-angle, home staging or chat edit',
        tags: ['render'],
        description: multipartDoc(
          `Fields: generationType (${RENDER_START_KINDS.join(' | ')}), userPrompt, styleId, ` +
            'colorPaletteId, customColors, settings, angles, roomType, stagingOptions, stagingStyle, maskData, ' +
            'sourceGenerationId, imageUrl, conversationId, callbackUrl (with an API key: a signed POST when each job ends). Files: sketch (sketch render, multi-angle; several for a ' +
            'Pro batch), image (home staging, chat edit), maskData (PNG, white = change).',
        ),
        consumes: ['multipart/form-data', 'application/json'],
        documentedBody: RenderStartBody,
        response: { 202: RenderStartedResponse },
      },
      config: { rateLimit: RENDER_LIMIT },
    },
    handle('/render/start'),
  )

  app.post(
    '/render/upload-preview',
    {
      schema: {
        operationId: 'previewUpload',
        summary: 'Preview a file before sending it: a HEIC, TIFF or AVIF picture, or the pages of a PDF',
        tags: ['render'],
        description:
          'multipart/form-data with one file part `file`. Answers small JPEG previews as data URLs: one for a ' +
          'picture, one per page of a PDF (at most 50), so a page can be chosen and sent as `pdfPage` with the ' +
          'render. Nothing is stored or charged.',
        consumes: ['multipart/form-data'],
        documentedBody: z.object({ file: filePart(`the file (${UPLOAD_FORMAT_NAMES}, at most 10 MB)`) }),
        response: { 200: UploadPreviewResponse },
      },
      config: { rateLimit: RENDER_LIMIT },
    },
    async (req) => {
      const r = await previewUpload(oneFile(await readParts(req)), PREVIEW_SIDE)
      if (!r.ok) throw refusedUpload(r.reason)
      return {
        format: r.format,
        pages: r.pages,
        previews: r.previews.map((p) => `data:image/jpeg;base64,${p.toString('base64')}`),
      }
    },
  )

  app.post(
    '/render/detect',
    {
      schema: {
        operationId: 'detectInPhoto',
        summary: 'Find the faces of a photo, or the surface a click picks, before buying a blur or a repaint',
        tags: ['render'],
        description:
          'multipart/form-data with one file part `file` and the field `detect`: `faces` answers every face ' +
          'BlazeFace finds with its score (docs/decisions/0111-privacy-blur.md); `surface` with `paintPoint` ' +
          '("x,y" fractions) answers the wall, floor or ceiling the click picks as a PNG mask ' +
          '(docs/decisions/0112-repaint-exact-colours.md), or null. Nothing is stored or charged.',
        consumes: ['multipart/form-data'],
        documentedBody: z.object({
          file: filePart(`the photo (${UPLOAD_FORMAT_NAMES}, at most 10 MB)`),
          detect: z.enum(['faces', 'surface']),
          paintPoint: z.string().optional(),
        }),
        response: { 200: DetectResponse },
      },
      config: { rateLimit: RENDER_LIMIT },
    },
    async (req) => {
      const parts = await readParts(req)
      const file = oneFile(parts)
      const what = parts.fields.detect
      if (what !== 'faces' && what !== 'surface')
        throw new AppError('validation_failed', 'detect: faces or surface', { field: 'detect' })
      const pdfPage = Number(parts.fields.pdfPage ?? 1)
      const r = await convertUpload(file, Number.isInteger(pdfPage) && pdfPage > 0 ? pdfPage : 1)
      if (!r.ok) throw refusedUpload(r.reason)
      const point = typeof parts.fields.paintPoint === 'string' ? parts.fields.paintPoint : undefined
      return detectInPhoto(r.data, what, point)
    },
  )

  app.post(
    '/render/animate',
    {
      schema: {
        operationId: 'startAnimation',
        summary: 'Animate an image into a 6 or 10 second video',
        tags: ['render'],
        description: multipartDoc(
          'Fields: imageUrl or sourceGenerationId (or an image file), description, duration (6 or 10), cameraMovement.',
        ),
        consumes: ['multipart/form-data', 'application/json'],
        documentedBody: AnimateBody,
        response: { 202: RenderStartedResponse },
      },
      config: { rateLimit: RENDER_LIMIT },
    },
    handle('/render/animate'),
  )

  app.post(
    '/render/inpainting',
    {
      schema: {
        operationId: 'startInpainting',
        summary: 'Repaint a lassoed area of an image',
        tags: ['render'],
        description: multipartDoc(
          'Fields: image file (or sourceGenerationId), maskData (lasso area), prompt.',
        ),
        consumes: ['multipart/form-data', 'application/json'],
        documentedBody: InpaintBody,
        response: { 202: RenderStartedResponse },
      },
      config: { rateLimit: RENDER_LIMIT },
    },
    handle('/render/inpainting'),
  )
}
