import multipart from '@fastify/multipart'
import type { ImageEditParamsNonStreaming } from 'openai/resources/images'
import sharp from 'sharp'
import { type FakeRender, tinted } from './media.ts'
import { nextScripted, startFakeServer } from './server.ts'

/**
 * A fake of OpenAI's image edits (POST /v1/images/edits, multipart), from the API reference: bearer auth,
 * model / prompt / image / mask / size / quality / n, the mask checked the way the API checks it (a PNG with
 * an alpha channel, the image's size), `{error: {message, type, param, code}}` errors including the safety
 * system's moderation_blocked, and `{created, data: [{b64_json}], usage}` answers. The edit changes the whole
 * picture, as the real model may, so the runner's composite is what keeps the unmasked pixels.
 */
export interface OpenAiBehaviour {
  status: Array<number | 'ok'>
  hang: boolean
  /** the picture to return for an image input instead of the tinted input */
  render: FakeRender | null
}

export interface OpenAiEditCall {
  model: string
  prompt: string
  size: string
  quality: string
  image: Buffer
  mask: Buffer | null
}

const SIZES = ['1024x1024', '1536x1024', '1024x1536', 'auto']

/**
 * Every field the edits endpoint takes, checked at compile time against the `openai` package's
 * `ImageEditParams` (complete and nothing else): a field the adapter misnames is refused as the API refuses an
 * unknown parameter. `image[]` is the multipart name of several images.
 */
const EDIT_FIELDS = {
  image: true,
  prompt: true,
  background: true,
  input_fidelity: true,
  mask: true,
  model: true,
  n: true,
  output_compression: true,
  output_format: true,
  partial_images: true,
  quality: true,
  response_format: true,
  size: true,
  stream: true,
  user: true,
} satisfies Record<keyof ImageEditParamsNonStreaming, true>
const knownField = (name: string) => Object.hasOwn(EDIT_FIELDS, name.replace(/\[\]$/, ''))

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>

export async function startFakeOpenAi(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? 'sk-test-parti'
  const behaviour: OpenAiBehaviour = { status: [], hang: false, render: null }
  const calls: OpenAiEditCall[] = []
  const server = await startFakeServer(async (app) => {
    await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024 } })
    app.post('/v1/images/edits', async (req, reply) => {
      const fail = (
        status: number,
        message: string,
        param: string | null,
        code: string | null,
        type = 'invalid_request_error',
      ) => reply.status(status).send({ error: { message, type, param, code } })
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return fail(
          401,
          'Incorrect API key provided: sk-te***. You can find your API key at https://platform.openai.com/account/api-keys.',
          null,
          'invalid_api_key',
        )
      const scripted = nextScripted(behaviour.status)
      if (scripted === 429)
        return fail(
          429,
          'Rate limit reached for gpt-image-1 in organization org-x on images per minute.',
          null,
          'rate_limit_exceeded',
          'requests',
        )
      if (scripted)
        return fail(
          scripted,
          'The server had an error while processing your request. Sorry about that!',
          null,
          null,
          'server_error',
        )
      const fields: Record<string, string> = {}
      const files: Record<string, Buffer> = {}
      for await (const part of req.parts()) {
        if (part.type === 'file') files[part.fieldname] = await part.toBuffer()
        else fields[part.fieldname] = String(part.value)
      }
      const unknown = [...Object.keys(fields), ...Object.keys(files)].find((name) => !knownField(name))
      if (unknown) return fail(400, `Unknown parameter: '${unknown}'.`, unknown, 'unknown_parameter')
      if (behaviour.hang) await new Promise((resolve) => reply.raw.on('close', resolve))
      if (!fields.model)
        return fail(400, 'Missing required parameter: model.', 'model', 'missing_required_parameter')
      if (!fields.prompt)
        return fail(400, 'Missing required parameter: prompt.', 'prompt', 'missing_required_parameter')
      const image = files.image ?? files['image[]']
      if (!image)
        return fail(400, 'Missing required parameter: image.', 'image', 'missing_required_parameter')
      const meta = await sharp(image)
        .metadata()
        .catch(() => null)
      if (!meta || !['png', 'jpeg', 'webp'].includes(meta.format ?? ''))
        return fail(400, 'Invalid image file or mode for image 1.', 'image', 'invalid_image')
      if (fields.size && !SIZES.includes(fields.size))
        return fail(400, `Invalid value: '${fields.size}'.`, 'size', 'invalid_value')
      const mask = files.mask ?? null
      if (mask) {
        const m = await sharp(mask)
          .metadata()
          .catch(() => null)
        if (m?.format !== 'png' || !m.hasAlpha)
          return fail(
            400,
            'Invalid mask image: the mask must be a PNG with an alpha channel.',
            'mask',
            'invalid_mask_image_format',
          )
        if (m.width !== meta.width || m.height !== meta.height)
          return fail(
            400,
            'Invalid mask image: the mask must match the image dimensions.',
            'mask',
            'invalid_mask_image_size',
          )
      }
      if (/forbidden/i.test(fields.prompt))
        return fail(
          400,
          'Your request was rejected as a result of our safety system. Your request may contain content that is not allowed by our safety system.',
          null,
          'moderation_blocked',
          'image_generation_user_error',
        )
      calls.push({
        model: fields.model,
        prompt: fields.prompt,
        size: fields.size ?? 'auto',
        quality: fields.quality ?? 'auto',
        image,
        mask,
      })
      const [w, h] = (fields.size && fields.size !== 'auto' ? fields.size : '1024x1024')
        .split('x')
        .map(Number)
      // the model answers in the size asked for whatever the input's shape: an input of another shape is
      // stretched into it, as gpt-image-1 does, and the test's render draws on that
      const edited = behaviour.render
        ? await behaviour.render(await sharp(image).resize(w!, h!, { fit: 'fill' }).png().toBuffer())
        : await tinted(image, { width: w!, height: h! })
      return {
        created: Math.floor(Date.now() / 1000),
        background: 'opaque',
        data: [{ b64_json: edited.toString('base64') }],
        output_format: 'png',
        quality: fields.quality ?? 'auto',
        size: `${w}x${h}`,
        usage: {
          input_tokens: 300,
          output_tokens: 4160,
          total_tokens: 4460,
          input_tokens_details: { image_tokens: 250, text_tokens: 50 },
        },
      }
    })
  })
  return {
    url: `${server.origin}/v1`,
    apiKey,
    behaviour,
    calls,
    requests: server.requests,
    reset() {
      Object.assign(behaviour, { status: [], hang: false, render: null })
      calls.length = 0
      server.requests.length = 0
    },
    close: () => server.close(),
  }
}
