import type { GenerateContentConfig, GenerationConfig, ImageConfig } from '@google/genai'
import sharp from 'sharp'
import { type FakeRender, tinted } from './media.ts'
import { nextScripted, startFakeServer } from './server.ts'

/**
 * A fake of the Gemini API's generateContent for image editing (POST /v1beta/models/{model}:generateContent),
 * from its reference: x-goog-api-key, `contents` of user and model turns that must alternate and start with
 * the user, parts of text and inline_data, responseModalities, answers whose candidate parts hold text and
 * inlineData, finishReason IMAGE_SAFETY and promptFeedback.blockReason refusals, and
 * `{error: {code, message, status}}` errors; and the Files API's resumable upload as `@google/genai` makes it
 * (POST /upload/v1beta/files with `X-Goog-Upload-Protocol: resumable`, `-Command: start` and the declared
 * length and type, answering `x-goog-upload-url`; then `upload, finalize` at offset 0 with exactly those
 * bytes, answering `{file}`), DELETE /v1beta/files/{id}, and `fileData` parts naming an uploaded file's uri.
 */
export interface GeminiBehaviour {
  status: Array<number | 'ok'>
  /** answer with text only (the model declined to draw) */
  textOnly: boolean
  /** never answer (until the client gives up) */
  hang: boolean
  /** the picture to return for an image input instead of the tinted input */
  render: FakeRender | null
}

interface Part {
  text?: string
  inline_data?: { mime_type: string; data: string }
  inlineData?: { mimeType: string; data: string }
  fileData?: { mimeType?: string; fileUri?: string }
}
interface Content {
  role?: string
  parts?: Part[]
}

/** The sizes gemini-2.5-flash-image answers in, per aspect ratio (Gemini API image generation docs). */
const ANSWER_SIZES: Record<string, { width: number; height: number }> = {
  '1:1': { width: 1024, height: 1024 },
  '2:3': { width: 832, height: 1248 },
  '3:2': { width: 1248, height: 832 },
  '3:4': { width: 864, height: 1184 },
  '4:3': { width: 1184, height: 864 },
  '9:16': { width: 768, height: 1344 },
  '16:9': { width: 1344, height: 768 },
  '21:9': { width: 1536, height: 672 },
}

function nearestAnswerRatio(width: number, height: number): string {
  const d = (k: string) => {
    const s = ANSWER_SIZES[k]!
    return Math.abs(Math.log(width / height) - Math.log(s.width / s.height))
  }
  return Object.keys(ANSWER_SIZES).reduce((a, b) => (d(b) < d(a) ? b : a))
}

/**
 * The fields a request's generationConfig may carry: those of `@google/genai`'s `GenerationConfig` (checked at
 * compile time, complete) and imageConfig (the SDK's GenerateContentConfig puts it there). Any other field is
 * refused as the API refuses an unknown one, so a misnamed field fails a test.
 */
const GENERATION_CONFIG = {
  modelSelectionConfig: true,
  responseJsonSchema: true,
  audioTranscriptionConfig: true,
  audioTimestamp: true,
  candidateCount: true,
  enableAffectiveDialog: true,
  frequencyPenalty: true,
  logprobs: true,
  maxOutputTokens: true,
  mediaResolution: true,
  presencePenalty: true,
  responseFormat: true,
  responseLogprobs: true,
  responseMimeType: true,
  responseModalities: true,
  responseSchema: true,
  routingConfig: true,
  seed: true,
  speechConfig: true,
  stopSequences: true,
  temperature: true,
  thinkingConfig: true,
  topK: true,
  topP: true,
  enableEnhancedCivicAnswers: true,
  translationConfig: true,
  imageConfig: true,
} satisfies Record<keyof GenerationConfig | keyof Pick<GenerateContentConfig, 'imageConfig'>, true>
const IMAGE_CONFIG = { aspectRatio: true, imageSize: true } satisfies Partial<Record<keyof ImageConfig, true>>

export type FakeGemini = Awaited<ReturnType<typeof startFakeGemini>>

export async function startFakeGemini(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? 'AIza-test-parti'
  const behaviour: GeminiBehaviour = { status: [], textOnly: false, hang: false, render: null }
  const calls: Array<{ model: string; contents: Content[] }> = []
  const STATUS: Record<number, string> = {
    400: 'INVALID_ARGUMENT',
    403: 'PERMISSION_DENIED',
    429: 'RESOURCE_EXHAUSTED',
    500: 'INTERNAL',
    503: 'UNAVAILABLE',
  }
  /** uploads begun (declared length and type) and files stored, by id */
  const sessions = new Map<string, { length: number; type: string }>()
  const files = new Map<string, { data: Buffer; type: string }>()
  const deletedFiles: string[] = []
  const server = await startFakeServer((app, fake) => {
    const fail = (reply: import('fastify').FastifyReply, code: number, message: string) =>
      reply.status(code).send({ error: { code, message, status: STATUS[code] ?? 'UNKNOWN' } })
    app.addContentTypeParser(
      ['image/png', 'image/jpeg', 'application/octet-stream'],
      { parseAs: 'buffer' },
      (_r, b, done) => done(null, b),
    )
    app.post('/upload/v1beta/files', async (req, reply) => {
      if (req.headers['x-goog-api-key'] !== apiKey)
        return fail(reply, 400, 'API key not valid. Please pass a valid API key.')
      const h = req.headers
      const length = Number(h['x-goog-upload-header-content-length'])
      const type = String(h['x-goog-upload-header-content-type'] ?? '')
      if (h['x-goog-upload-protocol'] !== 'resumable' || h['x-goog-upload-command'] !== 'start')
        return fail(reply, 400, 'Upload protocol must be resumable and begin with the start command.')
      if (!Number.isInteger(length) || length <= 0 || !/^image\//.test(type))
        return fail(reply, 400, 'X-Goog-Upload-Header-Content-Length and -Content-Type are required.')
      const meta = (req.body ?? {}) as { file?: Record<string, unknown> }
      const extra = Object.keys(meta).find((k) => k !== 'file')
      if (extra)
        return fail(reply, 400, `Invalid JSON payload received. Unknown name "${extra}": Cannot find field.`)
      const id = Math.random().toString(36).slice(2, 12)
      sessions.set(id, { length, type })
      return reply
        .header(
          'x-goog-upload-url',
          `${fake.origin}/upload/v1beta/files?upload_id=${id}&upload_protocol=resumable`,
        )
        .header('x-goog-upload-status', 'active')
        .send('')
    })
    app.addHook('preHandler', async (req, reply) => {
      if (!req.url.startsWith('/upload/v1beta/files?upload_id=')) return
      const id = new URL(req.url, fake.origin).searchParams.get('upload_id') ?? ''
      const session = sessions.get(id)
      if (!session) return fail(reply, 404, 'No such upload session.')
      if (
        req.headers['x-goog-upload-command'] !== 'upload, finalize' ||
        req.headers['x-goog-upload-offset'] !== '0'
      )
        return fail(reply, 400, 'A single upload, finalize at offset 0 is expected here.')
      const data = req.body as Buffer
      if (!Buffer.isBuffer(data) || data.length !== session.length)
        return fail(
          reply,
          400,
          `Declared ${session.length} bytes, received ${Buffer.isBuffer(data) ? data.length : 0}.`,
        )
      sessions.delete(id)
      files.set(id, { data, type: session.type })
      return reply.header('x-goog-upload-status', 'final').send({
        file: {
          name: `files/${id}`,
          mimeType: session.type,
          sizeBytes: String(data.length),
          uri: `${fake.origin}/v1beta/files/${id}`,
          state: 'ACTIVE',
          source: 'UPLOADED',
        },
      })
    })
    app.delete<{ Params: { id: string } }>('/v1beta/files/:id', async (req, reply) => {
      if (req.headers['x-goog-api-key'] !== apiKey)
        return fail(reply, 400, 'API key not valid. Please pass a valid API key.')
      if (!files.delete(req.params.id)) return fail(reply, 404, 'File not found.')
      deletedFiles.push(req.params.id)
      return {}
    })
    app.post('/v1beta/models/*', async (req, reply) => {
      const fail = (code: number, message: string) =>
        reply.status(code).send({ error: { code, message, status: STATUS[code] ?? 'UNKNOWN' } })
      const m = /^\/v1beta\/models\/([\w.-]+):generateContent$/.exec(req.url)
      if (!m) return fail(404, 'Method not found.')
      if (req.headers['x-goog-api-key'] !== apiKey)
        return fail(400, 'API key not valid. Please pass a valid API key.')
      if (behaviour.hang) await new Promise((resolve) => reply.raw.on('close', resolve))
      const scripted = nextScripted(behaviour.status)
      if (scripted)
        return fail(
          scripted,
          scripted === 429
            ? 'Resource has been exhausted (e.g. check quota).'
            : 'The model is overloaded. Please try again later.',
        )
      const body = (req.body ?? {}) as {
        contents?: Content[]
        generationConfig?: { responseModalities?: string[]; imageConfig?: { aspectRatio?: string } }
      }
      const config = (body.generationConfig ?? {}) as Record<string, unknown>
      const unknown =
        Object.keys(config).find((k) => !Object.hasOwn(GENERATION_CONFIG, k)) ??
        Object.keys((config.imageConfig ?? {}) as object)
          .filter((k) => !Object.hasOwn(IMAGE_CONFIG, k))
          .map((k) => `imageConfig.${k}`)[0]
      if (unknown)
        return fail(
          400,
          `Invalid JSON payload received. Unknown name "${unknown}" at 'generation_config': Cannot find field.`,
        )
      const contents = body.contents ?? []
      if (!contents.length) return fail(400, '* GenerateContentRequest.contents: contents is not specified')
      for (const [i, c] of contents.entries()) {
        if (c.role !== (i % 2 === 0 ? 'user' : 'model'))
          return fail(400, 'Please ensure that multiturn requests alternate between user and model.')
        if (!c.parts?.length)
          return fail(400, `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.`)
      }
      const last = contents.at(-1)!
      if (last.role !== 'user') return fail(400, 'Please ensure that the last turn is from the user.')
      const inline = last.parts!.map((p) => p.inline_data ?? p.inlineData).find(Boolean)
      const ref = last.parts!.map((p) => p.fileData).find(Boolean)
      const text = last.parts!.map((p) => p.text ?? '').join(' ')
      if (!inline && !ref) return fail(400, 'An image is required to edit.')
      const prefix = `${server.origin}/v1beta/files/`
      const stored = ref?.fileUri?.startsWith(prefix)
        ? files.get(ref.fileUri.slice(prefix.length))
        : undefined
      if (ref && (!stored || ref.mimeType !== stored.type))
        return fail(403, `You do not have permission to access the File ${ref.fileUri} or it may not exist.`)
      const image = inline ? Buffer.from(inline.data, 'base64') : stored!.data
      const meta = await sharp(image)
        .metadata()
        .catch(() => null)
      if (!meta)
        return fail(
          400,
          'Unable to process input image. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
        )
      if (!body.generationConfig?.responseModalities?.includes('IMAGE'))
        return {
          candidates: [
            {
              content: { role: 'model', parts: [{ text: 'I can only describe images.' }] },
              finishReason: 'STOP',
              index: 0,
            },
          ],
        }
      calls.push({ model: m[1]!, contents })
      if (/prohibited/i.test(text))
        return {
          promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
          usageMetadata: { promptTokenCount: 300 },
        }
      const finish = /forbidden/i.test(text)
        ? 'IMAGE_SAFETY'
        : /trademarked/i.test(text)
          ? 'IMAGE_PROHIBITED_CONTENT'
          : /copied/i.test(text)
            ? 'IMAGE_RECITATION'
            : null
      if (finish)
        return {
          candidates: [{ content: { parts: [] }, finishReason: finish, index: 0 }],
          modelVersion: m[1],
        }
      if (behaviour.textOnly)
        return {
          candidates: [
            {
              content: { role: 'model', parts: [{ text: 'Could you tell me more about the style?' }] },
              finishReason: 'STOP',
              index: 0,
            },
          ],
        }
      // the model answers at the fixed size of the ratio asked for (else the input's nearest), whatever the
      // input's shape: an input of another shape is stretched into it
      const asked = body.generationConfig?.imageConfig?.aspectRatio
      if (asked !== undefined && !ANSWER_SIZES[asked])
        return fail(400, `* GenerationConfig.image_config.aspect_ratio: unsupported aspect ratio ${asked}`)
      const size = ANSWER_SIZES[asked ?? nearestAnswerRatio(meta.width!, meta.height!)]!
      const edited = behaviour.render
        ? await behaviour.render(
            await sharp(image).resize(size.width, size.height, { fit: 'fill' }).png().toBuffer(),
          )
        : await tinted(image, size)
      return {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [
                { text: 'Here is the room with the change you asked for.' },
                { inlineData: { mimeType: 'image/png', data: edited.toString('base64') } },
              ],
            },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: { promptTokenCount: 1290, candidatesTokenCount: 1300, totalTokenCount: 2590 },
        modelVersion: m[1],
      }
    })
  })
  return {
    url: server.origin,
    apiKey,
    behaviour,
    calls,
    files,
    deletedFiles,
    requests: server.requests,
    reset() {
      Object.assign(behaviour, { status: [], textOnly: false, hang: false, render: null })
      calls.length = 0
      server.requests.length = 0
    },
    close: () => server.close(),
  }
}
