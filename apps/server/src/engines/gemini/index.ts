import type { FinishReason, Part as GenaiPart, GenerateContentConfig } from '@google/genai'
import type { Logger } from 'pino'
import type { ModelTable } from '../plan-rules.ts'
import { providerFailed, refused } from '../shared/errors.ts'
import { fileInputs } from '../shared/file-inputs.ts'
import { hostedSupport, modelFamily } from '../shared/hosted-capabilities.ts'
import { hostedEngine } from '../shared/hosted-engine.ts'
import { providerFetch, providerJson, type RetryPolicy } from '../shared/http.ts'
import {
  canvasFor,
  cropPlacement,
  letterbox,
  nearestRatio,
  type PreparedImage,
  prepareImage,
} from '../shared/images.ts'
import { instruction } from '../shared/instruction.ts'
import { hostedPrompt, withoutCurrent } from '../shared/prompt.ts'
import { whileTicking } from '../shared/ticker.ts'
import type { ConversationTurn, Engine } from '../types.ts'
import { GEMINI_STEPS } from './models.ts'

export interface GeminiEngineOptions {
  apiKey: string
  baseUrl: string
  models: ModelTable
  timeouts: { imageMs: number; videoMs: number }
  ffmpegPath?: string
  retry?: RetryPolicy
  log: Logger
}

type Part = { text?: string; inlineData?: InlineData; inline_data?: InlineData; fileData?: FileData }
type FileData = { mimeType?: string; fileUri?: string }
type InlineData = { mimeType?: string; mime_type?: string; data?: string }
interface Content {
  role: 'user' | 'model'
  parts: Part[]
}
interface GenerateResponse {
  candidates?: Array<{ content?: { parts?: Part[] }; finishReason?: string }>
  promptFeedback?: { blockReason?: string }
}

/** The aspect ratios Gemini's image models answer in (`ImageConfig.aspectRatio` in `@google/genai`). */
const GEMINI_RATIOS = [
  [1, 1],
  [2, 3],
  [3, 2],
  [3, 4],
  [4, 3],
  [9, 16],
  [16, 9],
  [21, 9],
] as const satisfies ReadonlyArray<readonly [number, number]>

/**
 * Finish reasons that mean a filter refused, not a fault: the safety, prohibited-content and recitation
 * reasons of the text and of the image (`FinishReason` in `@google/genai`, checked at compile time).
 */
const BLOCKED: ReadonlySet<string> = new Set([
  'SAFETY',
  'IMAGE_SAFETY',
  'PROHIBITED_CONTENT',
  'IMAGE_PROHIBITED_CONTENT',
  'BLOCKLIST',
  'RECITATION',
  'IMAGE_RECITATION',
  'SPII',
] satisfies Array<`${FinishReason}`>)

/**
 * The longest image sent inline, base64: Gemini takes at most 20 MB per request inline, so past half of it
 * (the conversation rides along) the picture goes through the Files API
 * (docs/decisions/0094-large-inputs-through-provider-file-apis.md).
 */
const GEMINI_INLINE_MAX = 10_000_000

/** A file as the Files API answers it (`File` in `@google/genai`): its resource name and the URI parts cite. */
interface GeminiFile {
  name: string
  uri: string
}

/**
 * Uploads through the Files API's resumable protocol, as `@google/genai` does: a start request (JSON metadata,
 * `X-Goog-Upload-*` headers) answers the upload URL in `x-goog-upload-url`; one `upload, finalize` request
 * sends the bytes and answers `{file}`.
 */
async function uploadFile(options: GeminiEngineOptions, image: PreparedImage, signal: AbortSignal) {
  const headers = { 'x-goog-api-key': options.apiKey }
  const start = await providerFetch(`${options.baseUrl}/upload/v1beta/files`, {
    method: 'POST',
    headers: {
      ...headers,
      'x-goog-upload-protocol': 'resumable',
      'x-goog-upload-command': 'start',
      'x-goog-upload-header-content-length': String(image.data.length),
      'x-goog-upload-header-content-type': image.mime,
    },
    body: { file: { displayName: 'parti-input' } },
    signal,
    timeoutMs: 30_000,
    retry: options.retry,
  })
  const uploadUrl = start.headers.get('x-goog-upload-url')
  if (!uploadUrl) throw new Error('gemini files: the upload start answered no x-goog-upload-url')
  const done = await providerJson<{ file?: GeminiFile }>(uploadUrl, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': image.mime,
      'x-goog-upload-command': 'upload, finalize',
      'x-goog-upload-offset': '0',
    },
    body: new Uint8Array(image.data),
    signal,
    timeoutMs: 120_000,
    retry: options.retry,
  })
  if (!done.file?.uri || !done.file.name) throw new Error('gemini files: the upload answered no file')
  return done.file
}

/** Removes an uploaded picture (it would expire after 48 hours anyway); best effort. */
async function deleteFile(options: GeminiEngineOptions, name: string): Promise<void> {
  await providerFetch(`${options.baseUrl}/v1beta/${name}`, {
    method: 'DELETE',
    headers: { 'x-goog-api-key': options.apiKey },
    signal: AbortSignal.timeout(15_000),
    retry: { retries: 1, baseMs: 300, maxMs: 2000 },
  })
}

/**
 * Ask Parti through Gemini image editing (generateContent): the conversation's earlier turns as real turns,
 * then the image and the request. Gemini takes no mask, so the lasso area is said in words and the edit is
 * composited back inside it.
 */
export function createGeminiEngine(options: GeminiEngineOptions): Engine {
  return hostedEngine(
    {
      id: 'gemini',
      ...options,
      secrets: [options.apiKey],
      capabilities: (step, model) => hostedSupport(step, { family: modelFamily(model) }),
    },
    async (task, { model, signal, progress }) => {
      const kind = task.kind
      if (!(GEMINI_STEPS as readonly string[]).includes(kind))
        throw providerFailed(kind, `gemini cannot serve ${kind}`)
      const source = await prepareImage(task.input, { maxSide: 2048, format: 'png' })
      // Gemini answers in one of its fixed ratios: the picture goes letterboxed onto the nearest, which is
      // asked for, and comes back cropped out of the answer, never stretched
      // (docs/decisions/0087-edits-letterboxed-never-stretched.md)
      const ratio = nearestRatio(source.width, source.height, GEMINI_RATIOS)
      const { image, place } = await letterbox(source, canvasFor(source.width, source.height, ratio))
      const prompt = await instruction(task, hostedPrompt(task).text)
      const history = historyContents(kind === 'magic-edit' ? withoutCurrent(task.history, task.prompt) : [])
      // turns must alternate: a trailing user turn joins the request
      const carried = history.at(-1)?.role === 'user' ? history.pop()!.parts : []
      // the request in the shapes of `@google/genai`'s types (the REST API reads the same camelCase JSON); a
      // picture past GEMINI_INLINE_MAX goes through the Files API and is removed when the answer is in
      const files = fileInputs(GEMINI_INLINE_MAX, async (img) => {
        const f = await uploadFile(options, img, signal)
        return { url: f.uri, remove: () => deleteFile(options, f.name) }
      })
      const ref = await files.url(image)
      const imagePart: GenaiPart = ref.startsWith('data:')
        ? { inlineData: { mimeType: image.mime, data: image.data.toString('base64') } }
        : { fileData: { mimeType: image.mime, fileUri: ref } }
      const contents: Content[] = [
        ...history,
        { role: 'user', parts: [...carried, { text: prompt }, imagePart] },
      ]
      progress.queued()
      const url = `${options.baseUrl}/v1beta/models/${encodeURIComponent(model)}:generateContent`
      const r = await whileTicking(
        progress,
        providerJson<GenerateResponse>(url, {
          method: 'POST',
          headers: { 'x-goog-api-key': options.apiKey },
          body: {
            contents,
            generationConfig: {
              responseModalities: ['TEXT', 'IMAGE'],
              imageConfig: { aspectRatio: `${ratio[0]}:${ratio[1]}` },
            } satisfies Pick<GenerateContentConfig, 'responseModalities' | 'imageConfig'>,
          },
          signal,
          timeoutMs: Math.min(options.timeouts.imageMs, 300_000),
          retry: options.retry,
        }),
      ).finally(() => files.cleanup())
      const candidate = r.candidates?.[0]
      const parts = candidate?.content?.parts ?? []
      const inline = parts.map((p) => p.inlineData ?? p.inline_data).find((d) => d?.data)
      const text = parts
        .map((p) => p.text ?? '')
        .join(' ')
        .trim()
      if (!inline?.data) {
        const reason = r.promptFeedback?.blockReason ?? candidate?.finishReason ?? 'no image'
        const detail = `gemini answered without an image (${reason})${text ? `: ${text.slice(0, 200)}` : ''}`
        throw r.promptFeedback?.blockReason || BLOCKED.has(reason)
          ? refused(kind, detail)
          : providerFailed(kind, detail)
      }
      progress.downloading()
      return {
        data: await cropPlacement(Buffer.from(inline.data, 'base64'), place),
        prompt,
        ...(kind === 'magic-edit' ? { reply: text ? text.slice(0, 500) : 'Here is your edited image.' } : {}),
      }
    },
  )
}

/** Earlier turns as Gemini contents: user and model alternating, starting with the user. */
export function historyContents(history: ConversationTurn[]): Content[] {
  const out: Content[] = []
  for (const turn of history.slice(-12)) {
    const role = turn.role === 'assistant' ? 'model' : 'user'
    if (!turn.text.trim()) continue
    if (!out.length && role === 'model') continue
    const last = out.at(-1)
    if (last?.role === role) last.parts.push({ text: turn.text })
    else out.push({ role, parts: [{ text: turn.text }] })
  }
  return out
}
