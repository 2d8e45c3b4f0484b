import OpenAI, { APIError, toFile } from 'openai'
import type { ImageEditParamsNonStreaming } from 'openai/resources/images'
import type { Logger } from 'pino'
import type { ModelTable } from '../plan-rules.ts'
import { providerFailed, toEngineError } from '../shared/errors.ts'
import { hostedSupport, modelFamily } from '../shared/hosted-capabilities.ts'
import { type HostedEngineOptions, hostedEngine } from '../shared/hosted-engine.ts'
import { ProviderHttpError, type RetryPolicy } from '../shared/http.ts'
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
import { OPENAI_STEPS } from './models.ts'

export interface OpenAiEngineOptions {
  apiKey: string
  baseUrl: string
  models: ModelTable
  timeouts: { imageMs: number; videoMs: number }
  ffmpegPath?: string
  retry?: RetryPolicy
  log: Logger
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
  // the official client is the transport (docs/decisions/0095-official-clients-as-transport.md): auth,
  // multipart, retries with Retry-After and the timeout are its; the retry count is ours
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    maxRetries: options.retry?.retries ?? 4,
    timeout: Math.min(options.timeouts.imageMs, 300_000),
  })
  const engine: HostedEngineOptions = {
    // the client's errors carry the status and body our common mapping reads
    mapError: (kind, err) =>
      err instanceof APIError
        ? toEngineError(
            kind,
            'openai',
            new ProviderHttpError(
              err.status ?? 0,
              JSON.stringify(err.error ?? err.message),
              `${options.baseUrl}/images/edits`,
            ),
            [options.apiKey],
          )
        : null,
    id: 'openai',
    ...options,
    secrets: [options.apiKey],
    typicalScale: 2,
    capabilities: (step, model) => hostedSupport(step, { family: modelFamily(model) }),
  }
  return hostedEngine(engine, async (task, { model, signal, progress }) => {
    const kind = task.kind
    if (!(OPENAI_STEPS as readonly string[]).includes(kind))
      throw providerFailed(kind, `openai cannot serve ${kind}`)
    const source = await prepareImage(task.input, { maxSide: 2048, format: 'png' })
    // sent in the shape the model answers in, so its answer is cropped back rather than stretched
    const canvas = editCanvas(source.width, source.height)
    const { image, place } = await letterbox(source, canvas)
    const mask = maskOf(task)
    const p = hostedPrompt(task)
    const context = kind === 'magic-edit' ? conversationContext(task.history, task.prompt) : ''
    const prompt = `${context}${p.text}${mask ? '. Change only the masked area and keep everything else as it is.' : ''}`
    const alpha = mask
      ? await transparentWhere(await letterboxMask(mask, place), image.width, image.height)
      : null
    const params: ImageEditParamsNonStreaming = {
      model,
      prompt,
      image: await toFile(image.data, 'image.png', { type: 'image/png' }),
      ...(alpha ? { mask: await toFile(alpha, 'mask.png', { type: 'image/png' }) } : {}),
      size: `${canvas.width}x${canvas.height}` as ImageEditParamsNonStreaming['size'],
      quality: 'high',
      n: 1,
    }
    progress.queued()
    const r = await whileTicking(progress, client.images.edit(params, { signal }))
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
