import { z } from 'zod'
import type { AppContext } from '../context.ts'
import { notFound } from '../domain/errors.ts'
import { provenanceFor } from '../provenance/service.ts'
import { verifyBlobSignature } from '../storage/signing.ts'
import { currentUser } from './auth.ts'
import { HttpOnlyError } from './errors.ts'
import type { Api } from './types.ts'

const FileQuery = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
  download: z.string().max(200).optional().describe('a file name: answer as an attachment under that name'),
})

/**
 * Files are served only to their owner (the user id in the key), or with a short-lived signature; never from
 * a public folder of everyone's images. Another user's file answers 404, as if it did not exist.
 */
export function fileRoutes(app: Api, ctx: AppContext): void {
  app.get(
    '/files/*',
    { schema: { tags: ['files'], querystring: FileQuery, hide: true } },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*']
      if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]{0,400}$/.test(key) || key.includes('..')) throw notFound()
      const signed =
        req.query.exp &&
        req.query.sig &&
        verifyBlobSignature(key, req.query.exp, req.query.sig, ctx.config.sessionSecret)
      if (!signed) {
        const owner = /^users\/([0-9a-f-]{36})\//.exec(key)?.[1]
        const user = await currentUser(ctx.database.db, req)
        if (!owner || !user || user.userId !== owner) throw notFound()
      }
      if (!(await ctx.storage.blobs.head(key))) throw notFound()
      // a download leaves Parti: a generation's image or video goes with its Content Credentials, signed now
      // (or read from the signed copy made by an earlier download); the stored master is never written
      const served = req.query.download ? await provenanceFor(ctx).downloadKey(key) : key
      const info = await ctx.storage.blobs.head(served)
      if (!info) throw notFound()

      reply.header('content-type', info.contentType)
      reply.header('accept-ranges', 'bytes')
      // content-addressed by job: a key never changes content, so the browser may keep it
      reply.header('cache-control', signed ? 'private, max-age=3600' : 'private, max-age=31536000, immutable')
      if (req.query.download) {
        const name = req.query.download.replace(/[^\w.\- ]+/g, '_').slice(0, 150) || 'parti-file'
        reply.header('content-disposition', `attachment; filename="${name}"`)
      }
      const range = parseRange(req.headers.range, info.size)
      if (range === 'invalid') {
        reply.header('content-range', `bytes */${info.size}`)
        throw new HttpOnlyError(416, 'validation_failed', 'Requested range not satisfiable')
      }
      if (range) {
        reply.status(206)
        reply.header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
        reply.header('content-length', range.end - range.start + 1)
        return reply.send(await ctx.storage.blobs.stream(served, range))
      }
      reply.header('content-length', info.size)
      return reply.send(await ctx.storage.blobs.stream(served))
    },
  )
}

function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid'
  let start: number
  let end: number
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]))
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  return start > end || start >= size ? 'invalid' : { start, end }
}
