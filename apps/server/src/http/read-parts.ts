import type { FastifyRequest } from 'fastify'
import { AppError } from '../domain/errors.ts'
import type { RequestParts } from '../storage/uploads.ts'
import { malformedMultipart, refusedCharacter, refusedCharacterIn } from './edge-guards.ts'

/**
 * Read a multipart request into memory (each file ≤ 10 MB: 413 beyond), or take a JSON body as its fields.
 * Files are judged later by their bytes. A body that does not parse (no boundary, a part cut short) is 400,
 * and a field holding a NUL or control character is 400 too (http/edge-guards.ts).
 */
export async function readParts(req: FastifyRequest): Promise<RequestParts> {
  const files = new Map<string, Buffer[]>()
  if (!req.isMultipart()) {
    const body = req.body
    return { fields: body && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {}, files }
  }
  const fields: Record<string, unknown> = {}
  try {
    await readInto(req, fields, files)
  } catch (err) {
    // the multipart limits (413) and our own refusals keep their status; a parser's complaint is the client's
    const status = (err as { statusCode?: number }).statusCode
    if (err instanceof AppError || (status && status < 500)) throw err
    req.log.debug({ err }, 'malformed multipart body')
    throw malformedMultipart()
  }
  return { fields, files }
}

async function readInto(
  req: FastifyRequest,
  fields: Record<string, unknown>,
  files: Map<string, Buffer[]>,
): Promise<void> {
  for await (const part of req.parts()) {
    const inName = refusedCharacterIn(part.fieldname)
    if (inName) throw refusedCharacter(inName)
    if (part.type === 'file') {
      const data = await part.toBuffer()
      if (data.length === 0) continue // an empty file input sends an empty part
      const list = files.get(part.fieldname) ?? []
      list.push(data)
      files.set(part.fieldname, list)
    } else {
      const inValue = refusedCharacterIn(part.value)
      if (inValue) throw refusedCharacter(inValue)
      // a repeated field (angles=front&angles=side) is a list
      const prev = fields[part.fieldname]
      fields[part.fieldname] =
        prev === undefined ? part.value : [...(Array.isArray(prev) ? prev : [prev]), part.value]
    }
  }
}
