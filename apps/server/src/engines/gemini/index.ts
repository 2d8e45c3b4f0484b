import type { FinishReason, Part as GenaiPart, GenerateContentConfig } from '@google/genai'
import type { Logger } from 'pino'
import type { ModelTable } from '../plan-rules.ts'
import { providerFailed, refused } from '../shared/errors.ts'
import { hostedSupport, modelFamily } from '../shared/hosted-capabilities.ts'
import { hostedEngine } from '../shared/hosted-engine.ts'
import { providerJson, type RetryPolicy } from '../shared/http.ts'
import { canvasFor, cropPlacement, letterbox, nearestRatio, prepareImage } from '../shared/images.ts'
import { instruction } from '../shared/instruction.ts'
import { hostedPrompt, withoutCurrent } from '../shared/prompt.ts'
import { whileTicking } from '../shared/ticker.ts'
import type { ConversationTurn, Engine } from '../types.ts'

export interface GeminiEngineOptions {
  apiKey: string
  baseUrl: string
  models: ModelTable
  timeouts: { imageMs: number; videoMs: number }
  ffmpegPath?: string
  retry?: RetryPolicy
  log: Logger
}

type Part = { text?: string; inlineData?: InlineData; inline_data?: InlineData }
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
      if (kind !== 'magic-edit' && kind !== 'inpaint')
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
      // the request in the shapes of `@google/genai`'s types (the REST API reads the same camelCase JSON)
      const imagePart = {
        inlineData: { mimeType: image.mime, data: image.data.toString('base64') },
      } satisfies GenaiPart
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
      )
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
