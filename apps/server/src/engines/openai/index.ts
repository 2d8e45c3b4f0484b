import type { Logger } from 'pino'
import type { ModelTable } from '../plan-rules.ts'
import { providerFailed } from '../shared/errors.ts'
import { hostedSupport, modelFamily } from '../shared/hosted-capabilities.ts'
import { type HostedEngineOptions, hostedEngine } from '../shared/hosted-engine.ts'
import { providerJson, type RetryPolicy } from '../shared/http.ts'
import { prepareImage, transparentWhereMasked } from '../shared/images.ts'
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

/** The sizes GPT image models make; the closest to the input's shape is asked for. */
function editSize(width: number, height: number): string {
  const r = width / height
  return r > 1.2 ? '1536x1024' : r < 0.83 ? '1024x1536' : '1024x1024'
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
    const image = await prepareImage(task.input, { maxSide: 2048, format: 'png' })
    const mask = maskOf(task)
    const p = hostedPrompt(task)
    const context = kind === 'magic-edit' ? conversationContext(task.history, task.prompt) : ''
    const prompt = `${context}${p.text}${mask ? '. Change only the masked area and keep everything else as it is.' : ''}`
    const form = new FormData()
    form.append('model', model)
    form.append('prompt', prompt)
    form.append('image', new Blob([new Uint8Array(image.data)], { type: 'image/png' }), 'image.png')
    if (mask) {
      const alpha = await transparentWhereMasked(mask, image.width, image.height)
      form.append('mask', new Blob([new Uint8Array(alpha)], { type: 'image/png' }), 'mask.png')
    }
    form.append('size', editSize(image.width, image.height))
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
      data: Buffer.from(b64, 'base64'),
      prompt,
      ...(kind === 'magic-edit' ? { reply: 'Here is your edited image.' } : {}),
    }
  })
}
