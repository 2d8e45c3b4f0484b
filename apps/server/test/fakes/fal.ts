import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto'
import type { EndpointTypeMap } from '@fal-ai/client/endpoints'
import sharp from 'sharp'
import { type FakeRender, fromDataUri, isImage, testClip, tinted } from './media.ts'
import { nextScripted, startFakeServer } from './server.ts'

/**
 * A fake of fal's queue API (https://docs.fal.ai/model-endpoints/queue), from its documented shapes: submit to
 * POST /{owner}/{app}[/{path}] with `Authorization: Key`, status (202 while queued or running, 200 when
 * COMPLETED), result, PUT cancel, `{detail: [{loc, msg, type}]}` validation errors, and webhooks to
 * ?fal_webhook= signed with ED25519 over "request id \n user id \n timestamp \n sha256(body)", its public key
 * served as a JWKS. Its storage takes uploads as `@fal-ai/client` makes them (POST
 * /storage/upload/initiate?storage_type=fal-cdn-v3 {content_type, file_name}, then PUT of the bytes to the signed
 * upload_url) and serves them at the file_url it answered, which endpoints then read like any URL.
 */
export interface FalBehaviour {
  submit: Array<number | 'ok'>
  status: Array<number | 'ok'>
  /** flagged: completes, but the safety checker blacked the picture out and set has_nsfw_concepts */
  outcome: 'succeed' | 'fail' | 'nsfw' | 'flagged' | 'hang'
  runMs: number
  expireOutputs: boolean
  webhook: 'signed' | 'forged' | 'stale' | 'twice' | 'none'
  /** the picture to return for an image input instead of the tinted input */
  render: FakeRender | null
}

interface FalJob {
  id: string
  app: string
  endpoint: string
  input: Record<string, unknown>
  createdAt: number
  outcome: FalBehaviour['outcome']
  runMs: number
  canceled: boolean
  webhook: string | null
  result: Record<string, unknown> | null
}

type FalInputOf<E extends keyof EndpointTypeMap> = EndpointTypeMap[E]['input']

interface FalSchema {
  endpoint: string
  /** every field the endpoint takes; anything else is refused */
  fields: string[]
  required: string[]
  video?: boolean
  /** renders at image_size (landscape_4_3 when none is sent), whatever the input's shape */
  sized?: boolean
}

/**
 * An endpoint the fake serves, its fields exactly those of its input type in `@fal-ai/client`'s endpoint map
 * (complete and nothing else, checked at compile time), so a field the adapter misnames fails a test.
 */
function endpoint<E extends keyof EndpointTypeMap>(
  id: E,
  fields: Record<keyof FalInputOf<E>, true>,
  required: Array<keyof FalInputOf<E> & string>,
  traits: Pick<FalSchema, 'video' | 'sized'> = {},
): FalSchema {
  return { endpoint: id, fields: Object.keys(fields), required, ...traits }
}

const FLUX_DEV_STRUCTURE = {
  enable_safety_checker: true,
  guidance_scale: true,
  image_size: true,
  image_url: true,
  loras: true,
  num_images: true,
  num_inference_steps: true,
  output_format: true,
  prompt: true,
  seed: true,
  sync_mode: true,
} as const
const KONTEXT = {
  aspect_ratio: true,
  enhance_prompt: true,
  guidance_scale: true,
  image_url: true,
  num_images: true,
  output_format: true,
  prompt: true,
  safety_tolerance: true,
  seed: true,
  sync_mode: true,
} as const
const KLING = {
  cfg_scale: true,
  duration: true,
  image_url: true,
  negative_prompt: true,
  prompt: true,
} as const

const SCHEMAS: FalSchema[] = [
  // FLUX.1 Canny / Depth [dev]: the control is image_url; the output is image_size (default landscape_4_3)
  endpoint('fal-ai/flux-lora-canny', FLUX_DEV_STRUCTURE, ['prompt', 'image_url'], { sized: true }),
  endpoint('fal-ai/flux-lora-depth', { ...FLUX_DEV_STRUCTURE, acceleration: true }, ['prompt', 'image_url'], {
    sized: true,
  }),
  endpoint(
    'fal-ai/flux-pro/v1/fill',
    {
      enhance_prompt: true,
      image_url: true,
      mask_url: true,
      num_images: true,
      output_format: true,
      prompt: true,
      safety_tolerance: true,
      seed: true,
      sync_mode: true,
    },
    ['prompt', 'image_url', 'mask_url'],
  ),
  endpoint('fal-ai/flux-pro/kontext', KONTEXT, ['prompt', 'image_url']),
  endpoint('fal-ai/flux-pro/kontext/max', KONTEXT, ['prompt', 'image_url']),
  endpoint(
    'fal-ai/nano-banana/edit',
    {
      aspect_ratio: true,
      image_urls: true,
      limit_generations: true,
      num_images: true,
      output_format: true,
      prompt: true,
      safety_tolerance: true,
      seed: true,
      sync_mode: true,
    },
    ['prompt', 'image_urls'],
  ),
  endpoint('fal-ai/kling-video/v2.1/standard/image-to-video', KLING, ['prompt', 'image_url'], {
    video: true,
  }),
  endpoint('fal-ai/kling-video/v2.1/master/image-to-video', KLING, ['prompt', 'image_url'], { video: true }),
  endpoint(
    'fal-ai/kling-video/v2.5-turbo/pro/image-to-video',
    { ...KLING, tail_image_url: true },
    ['prompt', 'image_url'],
    { video: true },
  ),
]
const FILE_FIELDS = ['control_image_url', 'image_url', 'mask_url']
export const FAL_USER_ID = 'user_fake_studio'

/** fal's named image sizes (the `image_size` enum of its FLUX endpoints). */
const IMAGE_SIZES: Record<string, { width: number; height: number }> = {
  square_hd: { width: 1024, height: 1024 },
  square: { width: 512, height: 512 },
  portrait_4_3: { width: 768, height: 1024 },
  portrait_16_9: { width: 576, height: 1024 },
  landscape_4_3: { width: 1024, height: 768 },
  landscape_16_9: { width: 1024, height: 576 },
}

function sizeOf(value: unknown): { width: number; height: number } | null {
  if (typeof value === 'string') return IMAGE_SIZES[value] ?? null
  const v = value as { width?: unknown; height?: unknown } | null
  if (!v || typeof v !== 'object') return null
  const ok = (n: unknown) => Number.isInteger(n) && (n as number) > 0 && (n as number) <= 14142
  return ok(v.width) && ok(v.height) ? { width: v.width as number, height: v.height as number } : null
}

export type FakeFal = Awaited<ReturnType<typeof startFakeFal>>

export async function startFakeFal(options: { key?: string; port?: number } = {}) {
  const key = options.key ?? 'fal_test:secret'
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const forger = generateKeyPairSync('ed25519').privateKey
  const jwk = publicKey.export({ format: 'jwk' })
  const jobs = new Map<string, FalJob>()
  const files = new Map<string, { data: Buffer; type: string }>()
  /** uploads: pending (initiated, not yet PUT) and stored, by id */
  const pending = new Map<string, { contentType: string; fileName: string; lifecycle: unknown }>()
  const stored = new Map<string, { data: Buffer; type: string; fileName: string; lifecycle: unknown }>()
  const deliveries: Array<{ requestId: string; status: number; body: unknown }> = []
  const cancels: string[] = []
  const behaviour: FalBehaviour = defaults()
  const timers = new Set<NodeJS.Timeout>()

  const server = await startFakeServer(
    (app, fake) => {
      const urls = (j: FalJob) => {
        const base = `${fake.origin}/${j.app}/requests/${j.id}`
        return { response_url: base, status_url: `${base}/status`, cancel_url: `${base}/cancel` }
      }
      app.get('/.well-known/jwks.json', async () => ({
        keys: [{ ...jwk, kid: 'fake-1', use: 'sig', alg: 'EdDSA' }],
      }))
      app.get<{ Params: { name: string } }>('/files/:name', async (req, reply) => {
        const f = files.get(req.params.name)
        if (!f || behaviour.expireOutputs) return reply.status(404).send({ detail: 'Not Found' })
        return reply.type(f.type).send(f.data)
      })
      app.get<{ Params: { id: string } }>('/cdn/:id', async (req, reply) => {
        const f = stored.get(req.params.id)
        if (!f) return reply.status(404).send({ detail: 'Not Found' })
        return reply.type(f.type).send(f.data)
      })
      app.addContentTypeParser(['image/png', 'image/jpeg'], { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      )
      app.post('/storage/upload/initiate', async (req, reply) => {
        const url = new URL(req.url, fake.origin)
        const body = (req.body ?? {}) as Record<string, unknown>
        const extra = Object.keys(body).find((k) => k !== 'content_type' && k !== 'file_name')
        if (url.searchParams.get('storage_type') !== 'fal-cdn-v3')
          return reply.status(422).send({ detail: 'storage_type must be fal-cdn-v3' })
        if (extra || typeof body.content_type !== 'string' || typeof body.file_name !== 'string')
          return reply
            .status(422)
            .send({ detail: [{ loc: ['body'], msg: 'content_type and file_name, nothing else' }] })
        const header = req.headers['x-fal-object-lifecycle']
        let lifecycle: unknown = null
        if (header !== undefined) {
          try {
            lifecycle = JSON.parse(String(header))
          } catch {
            return reply.status(422).send({ detail: 'X-Fal-Object-Lifecycle is not JSON' })
          }
        }
        const id = randomUUID()
        pending.set(id, { contentType: body.content_type, fileName: body.file_name, lifecycle })
        return {
          upload_url: `${fake.origin}/storage/upload/put/${id}?X-Goog-Signature=fake`,
          file_url: `${fake.origin}/cdn/${id}`,
        }
      })
      app.put<{ Params: { id: string } }>('/storage/upload/put/:id', async (req, reply) => {
        const p = pending.get(req.params.id)
        if (!p) return reply.status(404).send('NoSuchUpload')
        if (req.headers['content-type'] !== p.contentType)
          return reply.status(403).send('SignatureDoesNotMatch: content-type differs from the signed one')
        pending.delete(req.params.id)
        stored.set(req.params.id, { data: req.body as Buffer, type: p.contentType, ...p })
        return reply.status(200).send('')
      })
      app.addHook('onRequest', async (req, reply) => {
        // the CDN and the signed upload URL take no key
        if (/^\/(files|cdn|\.well-known|storage\/upload\/put)\//.test(req.url)) return
        if (req.headers.authorization !== `Key ${key}`)
          return reply.status(401).send({ detail: 'Authentication is required to access this resource' })
      })

      app.post('/*', async (req, reply) => {
        const url = new URL(req.url, fake.origin)
        const endpoint = url.pathname.slice(1)
        const scripted = nextScripted(behaviour.submit)
        if (scripted) {
          if (scripted === 429) reply.header('retry-after', '0')
          const detail =
            scripted === 422
              ? [{ loc: ['body', 'prompt'], msg: 'field required', type: 'value_error.missing' }]
              : scripted === 429
                ? 'Rate limit exceeded'
                : 'Internal Server Error'
          return reply.status(scripted).send({ detail })
        }
        const schema = SCHEMAS.find((s) => s.endpoint === endpoint)
        if (!schema) return reply.status(404).send({ detail: `Application '${endpoint}' not found` })
        const input = (req.body ?? {}) as Record<string, unknown>
        const invalid = await validate(schema, input)
        if (invalid) return reply.status(422).send({ detail: [invalid] })
        const job: FalJob = {
          id: randomUUID(),
          app: endpoint.split('/').slice(0, 2).join('/'),
          endpoint,
          input,
          createdAt: Date.now(),
          outcome: behaviour.outcome,
          runMs: behaviour.runMs,
          canceled: false,
          webhook: url.searchParams.get('fal_webhook'),
          result: null,
        }
        job.result = await makeResult(job, schema, fake.origin)
        jobs.set(job.id, job)
        if (job.webhook && job.outcome !== 'hang') {
          const t = setTimeout(() => {
            timers.delete(t)
            void deliver(job)
          }, job.runMs + 10)
          timers.add(t)
        }
        return { request_id: job.id, gateway_request_id: job.id, ...urls(job), queue_position: 0 }
      })

      app.get('/*', async (req, reply) => {
        const m = /^\/([^/]+\/[^/]+)\/requests\/([^/?]+)(\/status)?(\?.*)?$/.exec(req.url)
        const job = m ? jobs.get(m[2]!) : undefined
        if (!m || !job || job.app !== m[1]) return reply.status(404).send({ detail: 'Request not found' })
        if (m[3]) {
          const scripted = nextScripted(behaviour.status)
          if (scripted) return reply.status(scripted).send({ detail: 'Internal Server Error' })
          const state = stateOf(job)
          const logs = /logs=1/.test(m[4] ?? '')
            ? [{ message: 'step 3/10', level: 'INFO', timestamp: new Date().toISOString() }]
            : null
          if (state !== 'COMPLETED')
            return reply.status(202).send({
              status: state,
              queue_position: state === 'IN_QUEUE' ? 1 : undefined,
              logs,
              ...urls(job),
            })
          return reply.status(200).send({
            status: 'COMPLETED',
            logs,
            metrics: { inference_time: job.runMs / 1000 },
            ...(succeeded(job) ? {} : { error: errorText(job), error_type: 'runner_error' }),
            ...urls(job),
          })
        }
        const state = stateOf(job)
        if (state !== 'COMPLETED') return reply.status(400).send({ detail: 'Request is still in progress' })
        if (!succeeded(job))
          return reply.status(job.outcome === 'nsfw' ? 422 : 500).send({ detail: errorText(job) })
        return job.result
      })

      app.put('/*', async (req, reply) => {
        const m = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)\/cancel$/.exec(req.url)
        const job = m ? jobs.get(m[2]!) : undefined
        if (!job) return reply.status(404).send({ detail: 'Request not found' })
        cancels.push(job.id)
        if (stateOf(job) === 'COMPLETED') return reply.status(400).send({ status: 'ALREADY_COMPLETED' })
        job.canceled = true
        return reply.status(202).send({ status: 'CANCELLATION_REQUESTED' })
      })
    },
    options.port === undefined ? {} : { port: options.port },
  )

  /** An input file as an endpoint reads it: a data URI, or a URL of this fal's CDN (an upload). */
  function fileOf(value: unknown): { mime: string; data: Buffer } | null {
    const inline = fromDataUri(value)
    if (inline) return inline
    const prefix = `${server.origin}/cdn/`
    if (typeof value !== 'string' || !value.startsWith(prefix)) return null
    const f = stored.get(value.slice(prefix.length))
    return f ? { mime: f.type, data: f.data } : null
  }

  async function validate(schema: FalSchema, input: Record<string, unknown>) {
    const extra = Object.keys(input).find((field) => !schema.fields.includes(field))
    if (extra) return { loc: ['body', extra], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }
    for (const field of schema.required)
      if (input[field] === undefined || input[field] === '')
        return { loc: ['body', field], msg: 'field required', type: 'value_error.missing' }
    for (const field of FILE_FIELDS) {
      if (input[field] === undefined) continue
      const file = fileOf(input[field])
      if (!file || !(await isImage(file.data)))
        return {
          loc: ['body', field],
          msg: 'Could not load the image from the URL',
          type: 'image_load_error',
        }
    }
    const urls = input.image_urls
    if (urls !== undefined)
      for (const [i, u] of (Array.isArray(urls) ? urls : [urls]).entries()) {
        const file = fileOf(u)
        if (!Array.isArray(urls) || !file || !(await isImage(file.data)))
          return {
            loc: ['body', 'image_urls', i],
            msg: 'Could not load the image from the URL',
            type: 'image_load_error',
          }
      }
    if (schema.sized && input.image_size !== undefined && !sizeOf(input.image_size))
      return { loc: ['body', 'image_size'], msg: 'Input should be a valid ImageSize', type: 'model_type' }
    if (input.duration !== undefined && !['5', '10'].includes(String(input.duration)))
      return {
        loc: ['body', 'duration'],
        msg: "unexpected value; permitted: '5', '10'",
        type: 'value_error.const',
      }
    return null
  }

  async function makeResult(job: FalJob, schema: FalSchema, origin: string) {
    if (schema.video) {
      files.set(`${job.id}.mp4`, { data: await testClip(Number(job.input.duration ?? 5)), type: 'video/mp4' })
      return { video: { url: `${origin}/files/${job.id}.mp4`, content_type: 'video/mp4' } }
    }
    const source =
      FILE_FIELDS.map((f) => fileOf(job.input[f])).find(Boolean) ??
      fileOf((job.input.image_urls as unknown[] | undefined)?.[0])!
    // a sized endpoint renders at image_size, landscape_4_3 when none is sent, whatever its input's shape
    const size = schema.sized ? (sizeOf(job.input.image_size) ?? IMAGE_SIZES.landscape_4_3) : undefined
    const rendered = behaviour.render ? await behaviour.render(source.data) : await tinted(source.data, size)
    const flagged = job.outcome === 'flagged'
    const data = flagged ? await sharp(rendered).linear(0, 0).png().toBuffer() : rendered
    files.set(`${job.id}.png`, { data, type: 'image/png' })
    return {
      images: [{ url: `${origin}/files/${job.id}.png`, content_type: 'image/png', width: 0, height: 0 }],
      seed: 42,
      has_nsfw_concepts: [flagged],
      prompt: job.input.prompt,
    }
  }

  function stateOf(job: FalJob): 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' {
    const age = Date.now() - job.createdAt
    if (job.canceled) return 'COMPLETED'
    if (age < job.runMs / 3) return 'IN_QUEUE'
    if (age < job.runMs || job.outcome === 'hang') return 'IN_PROGRESS'
    return 'COMPLETED'
  }

  function succeeded(job: FalJob): boolean {
    return job.outcome === 'succeed' || job.outcome === 'flagged'
  }

  function errorText(job: FalJob): string {
    if (job.canceled) return 'Request was cancelled'
    return job.outcome === 'nsfw'
      ? 'The content was flagged by the safety checker'
      : `Runner crashed (key ${key} was valid)`
  }

  async function deliver(job: FalJob): Promise<void> {
    if (behaviour.webhook === 'none' || !job.webhook || job.canceled) return
    const ok = succeeded(job)
    const body = JSON.stringify({
      request_id: job.id,
      gateway_request_id: job.id,
      status: ok ? 'OK' : 'ERROR',
      payload: ok ? job.result : { detail: errorText(job) },
      ...(ok ? {} : { error: `Invalid status code: ${job.outcome === 'nsfw' ? 422 : 500}` }),
    })
    for (let i = 0; i < (behaviour.webhook === 'twice' ? 2 : 1); i++) {
      const timestamp = String(Math.floor(Date.now() / 1000) - (behaviour.webhook === 'stale' ? 3600 : 0))
      const message = [job.id, FAL_USER_ID, timestamp, createHash('sha256').update(body).digest('hex')].join(
        '\n',
      )
      const signature = sign(null, Buffer.from(message), behaviour.webhook === 'forged' ? forger : privateKey)
      try {
        const res = await fetch(job.webhook, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-fal-webhook-request-id': job.id,
            'x-fal-webhook-user-id': FAL_USER_ID,
            'x-fal-webhook-timestamp': timestamp,
            'x-fal-webhook-signature': signature.toString('hex'),
          },
          body,
        })
        deliveries.push({ requestId: job.id, status: res.status, body: await res.json().catch(() => null) })
      } catch {
        deliveries.push({ requestId: job.id, status: 0, body: null })
      }
    }
  }

  return {
    url: server.origin,
    jwksUrl: `${server.origin}/.well-known/jwks.json`,
    key,
    publicKey,
    privateKey,
    requests: server.requests,
    jobs,
    deliveries,
    cancels,
    behaviour,
    /** inputs uploaded to the storage, by id */
    stored,
    reset() {
      Object.assign(behaviour, defaults())
      server.requests.length = 0
      deliveries.length = 0
      cancels.length = 0
      stored.clear()
    },
    async close() {
      for (const t of timers) clearTimeout(t)
      await server.close()
    },
  }
}

function defaults(): FalBehaviour {
  return {
    submit: [],
    status: [],
    outcome: 'succeed',
    runMs: 150,
    expireOutputs: false,
    webhook: 'signed',
    render: null,
  }
}
