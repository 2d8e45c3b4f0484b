import type { Logger } from 'pino'
import type { ModelTable } from '../plan-rules.ts'
import { providerFailed } from '../shared/errors.ts'
import { hostedSupport, modelFamily } from '../shared/hosted-capabilities.ts'
import { type HostedEngineOptions, hostedEngine } from '../shared/hosted-engine.ts'
import { providerJson, type RetryPolicy } from '../shared/http.ts'
import {
  cropPlacement,
  letterbox,
  letterboxMask,
  nearestRatio,
  prepareImage,
  transparentWhere,
} from '../shared/images.ts'
import { maskOf } from '../shared/outputs.ts'
import { conversationContext, hostedPrompt } from '../shared/prompt.ts'
import { whileTicking } from '../shared/ticker.ts'
import type { Engine } from '../types.ts'

export interface OpenAiEngineOptions {
  apiKey: string
  baseUrl: string
  models: ModelTable
  timeouts: { imageMs: number; videoMs: number }
  ffmpegPath?: string
  retry?: RetryPolicy
  log: Logger
}

interface ImagesResponse {
  data?: Array<{ b64_json?: string }>
}

/**
 * The only sizes GPT image models make (`ImageEditParams.size`); the one closest to the input's shape is asked
 * for, and the input is letterboxed onto it (docs/decisions/0087-edits-letterboxed-never-stretched.md).
 */
const EDIT_SIZES = [
  [1024, 1024],
  [1536, 1024],
  [1024, 1536],
] as const satisfies ReadonlyArray<readonly [number, number]>

function editCanvas(width: number, height: number): { width: number; height: number } {
  const [w, h] = nearestRatio(width, height, EDIT_SIZES)
  return { width: w, height: h }
}

/**
 * Ask Parti through OpenAI's image edits (POST /images/edits, multipart): the image, the request with the
 * conversation so far, and the lasso as a mask (transparent = edit). The API is stateless, so earlier turns
 * travel as words; masks only guide it, so the edit is composited back and the rest stays pixel-exact.
 */
export function createOpenAiEngine(options: OpenAiEngineOptions): Engine {
  const engine: HostedEngineOptions = {
    id: 'openai',
    ...options,
    secrets: [options.apiKey],
    typicalScale: 2,
    capabilities: (step, model) => hostedSupport(step, { family: modelFamily(model) }),
  }
  return hostedEngine(engine, async (task, { model, signal, progress }) => {
    const kind = task.kind
    if (kind !== 'magic-edit' && kind !== 'inpaint') throw providerFailed(kind, `openai cannot serve ${kind}`)
    const source = await prepareImage(task.input, { maxSide: 2048, format: 'png' })
    // sent in the shape the model answers in, so its answer is cropped back rather than stretched
    const canvas = editCanvas(source.width, source.height)
    const { image, place } = await letterbox(source, canvas)
    const mask = maskOf(task)
    const p = hostedPrompt(task)
    const context = kind === 'magic-edit' ? conversationContext(task.history, task.prompt) : ''
    const prompt = `${context}${p.text}${mask ? '. Change only the masked area and keep everything else as it is.' : ''}`
    const form = new FormData()
    form.append('model', model)
    form.append('prompt', prompt)
    form.append('image', new Blob([new Uint8Array(image.data)], { type: 'image/png' }), 'image.png')
    if (mask) {
      const alpha = await transparentWhere(await letterboxMask(mask, place), image.width, image.height)
      form.append('mask', new Blob([new Uint8Array(alpha)], { type: 'image/png' }), 'mask.png')
    }
    form.append('size', `${canvas.width}x${canvas.height}`)
    form.append('quality', 'high')
    form.append('n', '1')
    progress.queued()
    const r = await whileTicking(
      progress,
      providerJson<ImagesResponse>(`${options.baseUrl}/images/edits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}` },
        body: form,
        signal,
        timeoutMs: Math.min(options.timeouts.imageMs, 300_000),
        retry: options.retry,
      }),
    )
    const b64 = r.data?.[0]?.b64_json
    if (!b64) throw providerFailed(kind, 'openai answered without an image')
    progress.downloading()
    return {
      data: await cropPlacement(Buffer.from(b64, 'base64'), place),
      prompt,
      ...(kind === 'magic-edit' ? { reply: 'Here is your edited image.' } : {}),
    }
  })
}
