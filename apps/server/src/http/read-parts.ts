import type { FastifyRequest } from 'fastify'
import type { RequestParts } from '../storage/uploads.ts'

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
