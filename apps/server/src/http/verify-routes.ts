import { VERIFY_FORMATS, VERIFY_LIMIT_BYTES, VerifyResponse } from '@parti/contract'
import { z } from 'zod'
import type { AppContext } from '../context.ts'
import { AppError } from '../domain/errors.ts'
import { decodeImage, inspectImage } from '../lib/images.ts'
import { provenanceFor, sniffFormat } from '../provenance/service.ts'
import { malformedMultipart } from './edge-guards.ts'
import type { Api } from './types.ts'

const MB = VERIFY_LIMIT_BYTES / (1024 * 1024)
/** Reading a manifest costs a few hundred milliseconds of CPU: 30 files a minute per address. */
const VERIFY_LIMIT = { max: 30, timeWindow: '1 minute' }

const tooLarge = () => new AppError('payload_too_large', `The file is larger than ${MB} MB`)
const damaged = () =>
  new AppError('unprocessable', 'The file is damaged: it is not a whole picture', { reason: 'file_damaged' })
const unsupported = () =>
  new AppError('unsupported_media_type', 'Choose a JPEG, PNG or WebP picture or an MP4 video', {
    formats: VERIFY_FORMATS,
  })

/**
 * The public check of a file's Content Credentials (docs/decisions/0113-c2pa-signing-at-download.md): anyone,
 * signed in or not, sends one picture or video and reads its manifest history and whether it still holds.
 * Nothing is stored.
 */
export function verifyRoutes(app: Api, ctx: AppContext): void {
  app.post(
    '/verify',
    {
      schema: {
        operationId: 'verifyContentCredentials',
        summary: "Read a file's Content Credentials (C2PA) and check them",
        tags: ['provenance'],
        description:
          `multipart/form-data with one file part \`file\` (JPEG, PNG, WebP or MP4, at most ${MB} MB). Answers ` +
          'the manifest history, newest first, and whether the file is valid, tampered (changed after signing) ' +
          'or carries no manifest. Nothing is stored; no sign-in.',
        consumes: ['multipart/form-data'],
        documentedBody: z.object({
          file: z.string().meta({ format: 'binary' }).describe(`the file (at most ${MB} MB)`).optional(),
        }),
        response: { 200: VerifyResponse },
      },
      config: { rateLimit: VERIFY_LIMIT },
    },
    async (req) => {
      if (!req.isMultipart())
        throw new AppError('validation_failed', 'Send the file as multipart/form-data', { field: 'file' })
      let bytes: Buffer | null = null
      try {
        for await (const part of req.parts({ limits: { fileSize: VERIFY_LIMIT_BYTES, files: 1 } })) {
          if (part.type === 'file' && part.fieldname === 'file' && !bytes) bytes = await part.toBuffer()
          else if (part.type === 'file') await part.toBuffer()
        }
      } catch (err) {
        const code = (err as { code?: string }).code
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
        if (code === 'FST_FILES_LIMIT')
          throw new AppError('validation_failed', 'Send one file at a time', { field: 'file' })
        if (err instanceof AppError || ((err as { statusCode?: number }).statusCode ?? 500) < 500) throw err
        throw malformedMultipart()
      }
      if (!bytes?.length) throw new AppError('validation_failed', 'Choose a file to check', { field: 'file' })
      if (bytes.length > VERIFY_LIMIT_BYTES) throw tooLarge()
      const format = sniffFormat(bytes)
      if (!format) throw unsupported()
      // a picture's header first: a decompression bomb is refused before anything reads it
      const header = format.startsWith('image/') ? await inspectImage(bytes) : null
      if (header && !header.ok) {
        if (header.reason === 'too_many_pixels')
          throw new AppError('payload_too_large', 'The picture has too many pixels')
        throw damaged()
      }
      const report = await provenanceFor(ctx).verify(bytes, format)
      // no manifest and a picture that does not decode: a damaged file, not a file without credentials
      if (report.state === 'none' && header) {
        const decoded = await decodeImage(bytes)
        if (!decoded.ok && decoded.reason !== 'too_small') throw damaged()
      }
      return report
    },
  )
}
