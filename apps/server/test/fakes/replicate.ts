import { createHash, createHmac, randomBytes } from 'node:crypto'
import multipart from '@fastify/multipart'
import { type FakeRender, fromDataUri, isImage, testClip, tinted } from './media.ts'
import { replicateSchemaErrors } from './replicate-schemas.ts'
import { nextScripted, startFakeServer } from './server.ts'

/**
 * A fake of Replicate's HTTP API (https://replicate.com/docs/reference/http), built from its documented
 * shapes: POST /v1/models/{owner}/{name}/predictions and POST /v1/predictions {version}, GET and cancel,
 * bearer auth, `detail`-style errors, model input schemas for the models Parti wires, output files that
 * expire, Standard Webhooks deliveries signed with the account's whsec_ secret, and the files API (POST /v1/files
 * multipart `content` with optional `metadata`, GET and DELETE /v1/files/{id}) whose `urls.get` a prediction
 * input may name in place of a data URI.
 */
export interface ReplicateBehaviour {
  /** statuses for the next create calls before a normal answer, e.g. [429, 'ok'] */
  create: Array<number | 'ok'>
  get: Array<number | 'ok'>
  outcome: 'succeed' | 'fail' | 'nsfw' | 'hang'
  /** ms from creation to the final state */
  runMs: number
  expireOutputs: boolean
  webhook: 'signed' | 'forged' | 'stale' | 'twice' | 'none'
  /** the picture to return for an image input instead of the tinted input */
  render: FakeRender | null
  /** what an image model makes of its input (a tinted copy unless a test says otherwise) */
  image?: ((source: Buffer, model: string, input: Record<string, unknown>) => Promise<Buffer>) | undefined
}

interface FakePrediction {
  id: string
  model: string
  version: string | null
  input: Record<string, unknown>
  createdAt: number
  outcome: ReplicateBehaviour['outcome']
  runMs: number
  canceled: boolean
  webhook: string | null
  output: string | null
}

const VERSIONS: Record<string, string> = {
  '76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38': 'adirik/interior-design',
}

const SCHEMAS: Array<{ model: RegExp; required: string[]; video?: boolean }> = [
  { model: /^black-forest-labs\/flux-(canny|depth)-(pro|dev)$/, required: ['prompt', 'control_image'] },
  { model: /^black-forest-labs\/flux-fill-(pro|dev)$/, required: ['prompt', 'image', 'mask'] },
  { model: /^black-forest-labs\/flux-kontext-(pro|max|dev)$/, required: ['prompt', 'input_image'] },
  { model: /^adirik\/interior-design$/, required: ['image', 'prompt'] },
  { model: /^kwaivgi\/kling-v2\.1(-master)?$/, required: ['prompt', 'start_image'], video: true },
  { model: /^minimax\/video-01-director$/, required: ['prompt', 'first_frame_image'], video: true },
]
const FILE_FIELDS = ['control_image', 'image', 'mask', 'input_image', 'start_image', 'first_frame_image']

export type FakeReplicate = Awaited<ReturnType<typeof startFakeReplicate>>

export async function startFakeReplicate(options: { token?: string; webhookSecret?: string } = {}) {
  const token = options.token ?? 'r8_test'
  const secret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64')}`
  const predictions = new Map<string, FakePrediction>()
  const files = new Map<string, { data: Buffer; type: string }>()
  /** what was uploaded through the files API, by id; deleted ones are gone */
  const uploads = new Map<string, { data: Buffer; type: string; name: string; metadata: unknown }>()
  const deletedUploads: string[] = []
  const deliveries: Array<{ predictionId: string; status: number; body: unknown }> = []
  const cancels: string[] = []
  const behaviour: ReplicateBehaviour = defaults()
  const timers = new Set<NodeJS.Timeout>()

  const server = await startFakeServer(async (app, fake) => {
    await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024 } })
    app.addHook('onRequest', async (req, reply) => {
      if (req.url.startsWith('/files/')) return
      if (req.headers.authorization !== `Bearer ${token}`)
        return reply
          .status(401)
          .send(problem(401, 'Unauthenticated', 'You did not pass a valid authentication token'))
    })

    const create = async (model: string, version: string | null, body: Record<string, unknown>) => {
      const scripted = nextScripted(behaviour.create)
      if (scripted) return { status: scripted, body: problem(scripted, 'Error', scriptedDetail(scripted)) }
      const input = body.input as Record<string, unknown> | undefined
      if (!input || typeof input !== 'object')
        return { status: 422, body: problem(422, 'Input validation failed', 'input is required') }
      const invalid = await validate(model, input)
      if (invalid) return { status: 422, body: problem(422, 'Input validation failed', invalid) }
      const filter = body.webhook_events_filter
      if (
        filter !== undefined &&
        (!Array.isArray(filter) || filter.some((e) => !['start', 'output', 'logs', 'completed'].includes(e)))
      )
        return { status: 422, body: problem(422, 'Invalid webhook_events_filter', 'unknown event') }
      const id = randomBytes(13).toString('hex').slice(0, 26)
      const p: FakePrediction = {
        id,
        model,
        version,
        input,
        createdAt: Date.now(),
        outcome: behaviour.outcome,
        runMs: behaviour.runMs,
        canceled: false,
        webhook: typeof body.webhook === 'string' ? body.webhook : null,
        output: null,
      }
      p.output = await makeOutput(p, fake.origin)
      predictions.set(id, p)
      if (p.webhook && p.outcome !== 'hang') {
        const t = setTimeout(() => {
          timers.delete(t)
          void deliver(p, fake.origin)
        }, p.runMs + 10)
        timers.add(t)
      }
      return { status: 201, body: view(p, fake.origin) }
    }

    app.post<{ Params: { owner: string; name: string } }>(
      '/v1/models/:owner/:name/predictions',
      async (req, reply) => {
        const r = await create(
          `${req.params.owner}/${req.params.name}`,
          null,
          (req.body ?? {}) as Record<string, unknown>,
        )
        if (r.status === 429) reply.header('retry-after', '0')
        return reply.status(r.status).send(r.body)
      },
    )
    app.post('/v1/predictions', async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>
      const version = String(body.version ?? '')
      const model = VERSIONS[version.split(':').pop() ?? '']
      if (!model)
        return reply.status(422).send(problem(422, 'Invalid version', 'Invalid version or not permitted'))
      const r = await create(model, version, body)
      return reply.status(r.status).send(r.body)
    })
    app.get<{ Params: { id: string } }>('/v1/predictions/:id', async (req, reply) => {
      const scripted = nextScripted(behaviour.get)
      if (scripted) return reply.status(scripted).send(problem(scripted, 'Error', scriptedDetail(scripted)))
      const p = predictions.get(req.params.id)
      if (!p) return reply.status(404).send(problem(404, 'Not found', 'Not found.'))
      return view(p, fake.origin)
    })
    app.post<{ Params: { id: string } }>('/v1/predictions/:id/cancel', async (req, reply) => {
      const p = predictions.get(req.params.id)
      if (!p) return reply.status(404).send(problem(404, 'Not found', 'Not found.'))
      cancels.push(p.id)
      if (!['succeeded', 'failed'].includes(statusOf(p))) p.canceled = true
      return view(p, fake.origin)
    })
    app.post('/v1/files', async (req, reply) => {
      if (!req.isMultipart())
        return reply.status(415).send(problem(415, 'Unsupported Media Type', 'multipart/form-data expected'))
      let content: { data: Buffer; type: string; name: string } | null = null
      let metadata: unknown = {}
      for await (const part of req.parts()) {
        if (part.type !== 'file')
          return reply.status(400).send(problem(400, 'Bad Request', `unexpected field ${part.fieldname}`))
        const data = await part.toBuffer()
        if (part.fieldname === 'content') content = { data, type: part.mimetype, name: part.filename }
        else if (part.fieldname === 'metadata') {
          try {
            metadata = JSON.parse(data.toString('utf8'))
          } catch {
            return reply.status(400).send(problem(400, 'Bad Request', 'metadata must be JSON'))
          }
        } else return reply.status(400).send(problem(400, 'Bad Request', `unexpected file ${part.fieldname}`))
      }
      if (!content?.data.length || !content.name)
        return reply.status(400).send(problem(400, 'Bad Request', 'content is required'))
      const id = randomBytes(12).toString('hex')
      uploads.set(id, { ...content, metadata })
      const now = new Date()
      return reply.status(201).send({
        id,
        name: content.name,
        content_type: content.type,
        size: content.data.length,
        etag: createHash('md5').update(content.data).digest('hex'),
        checksums: { sha256: createHash('sha256').update(content.data).digest('hex') },
        metadata,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
        urls: { get: `${fake.origin}/v1/files/${id}` },
      })
    })
    app.get<{ Params: { id: string } }>('/v1/files/:id', async (req, reply) => {
      const f = uploads.get(req.params.id)
      if (!f) return reply.status(404).send(problem(404, 'Not found', 'Not found.'))
      return reply.type(f.type).send(f.data)
    })
    app.delete<{ Params: { id: string } }>('/v1/files/:id', async (req, reply) => {
      if (!uploads.delete(req.params.id))
        return reply.status(404).send(problem(404, 'Not found', 'Not found.'))
      deletedUploads.push(req.params.id)
      return reply.status(204).send()
    })
    app.get<{ Params: { name: string } }>('/files/:name', async (req, reply) => {
      const f = files.get(req.params.name)
      if (!f || behaviour.expireOutputs) return reply.status(404).send('Not Found')
      return reply.type(f.type).send(f.data)
    })
  })

  /** A file input as a model reads it: a data URI, or the `urls.get` of an upload of this account. */
  function fileOf(value: unknown): { mime: string; data: Buffer } | null {
    const inline = fromDataUri(value)
    if (inline) return inline
    const prefix = `${server.origin}/v1/files/`
    if (typeof value !== 'string' || !value.startsWith(prefix)) return null
    const f = uploads.get(value.slice(prefix.length))
    return f ? { mime: f.type, data: f.data } : null
  }

  async function validate(model: string, input: Record<string, unknown>): Promise<string | null> {
    const schema = SCHEMAS.find((s) => s.model.test(model))
    if (!schema) return `unknown model ${model}`
    // the model's published input schema where one is kept (test/fixtures/replicate-schemas), else its required fields
    const published = replicateSchemaErrors(model, input)
    if (published?.length) return `input: ${published.join('; ')}`
    for (const field of schema.required)
      if (input[field] === undefined || input[field] === '') return `${field} is required`
    for (const field of FILE_FIELDS) {
      if (input[field] === undefined) continue
      const file = fileOf(input[field])
      if (!file || !(await isImage(file.data))) return `${field}: not a readable image file`
    }
    if (/kling/.test(model) && input.duration !== undefined && ![5, 10].includes(Number(input.duration)))
      return 'duration must be one of 5, 10'
    return null
  }

  async function makeOutput(p: FakePrediction, origin: string): Promise<string> {
    const schema = SCHEMAS.find((s) => s.model.test(p.model))
    if (schema?.video) {
      const seconds = /kling/.test(p.model) ? Number(p.input.duration ?? 5) : 6
      files.set(`${p.id}.mp4`, { data: await testClip(seconds), type: 'video/mp4' })
      return `${origin}/files/${p.id}.mp4`
    }
    const source = FILE_FIELDS.map((f) => fileOf(p.input[f])).find(Boolean)!
    const data = behaviour.image
      ? await behaviour.image(source.data, p.model, p.input)
      : await (behaviour.render ?? tinted)(source.data)
    files.set(`${p.id}.png`, { data, type: 'image/png' })
    return `${origin}/files/${p.id}.png`
  }

  function statusOf(p: FakePrediction): string {
    if (p.canceled) return 'canceled'
    const age = Date.now() - p.createdAt
    if (p.outcome === 'hang') return age < p.runMs / 3 ? 'starting' : 'processing'
    if (age < p.runMs / 3) return 'starting'
    if (age < p.runMs) return 'processing'
    return p.outcome === 'succeed' ? 'succeeded' : 'failed'
  }

  function view(p: FakePrediction, origin: string) {
    const status = statusOf(p)
    const done = ['succeeded', 'failed', 'canceled'].includes(status)
    const percent = Math.min(99, Math.round(((Date.now() - p.createdAt) / p.runMs) * 100))
    return {
      id: p.id,
      model: p.model,
      version: p.version ?? 'latest',
      input: p.input,
      status,
      logs: status === 'processing' ? `Running\n${percent}%|████      | ${percent}/100 [00:01<00:01]` : '',
      output: status === 'succeeded' ? p.output : null,
      error:
        status === 'failed'
          ? p.outcome === 'nsfw'
            ? // Replicate's documented E005 (https://replicate.com/docs/topics/predictions/errors)
              'The input or output was flagged as sensitive. Please try again with different inputs. (E005)'
            : 'CUDA out of memory (token r8_test was fine)'
          : null,
      created_at: new Date(p.createdAt).toISOString(),
      completed_at: done ? new Date().toISOString() : null,
      metrics: done ? { predict_time: p.runMs / 1000 } : {},
      urls: { get: `${origin}/v1/predictions/${p.id}`, cancel: `${origin}/v1/predictions/${p.id}/cancel` },
    }
  }

  async function deliver(p: FakePrediction, origin: string): Promise<void> {
    if (behaviour.webhook === 'none' || !p.webhook || p.canceled) return
    const body = JSON.stringify(view(p, origin))
    const id = `msg_${randomBytes(10).toString('hex')}`
    const times = behaviour.webhook === 'twice' ? 2 : 1
    for (let i = 0; i < times; i++) {
      const timestamp = Math.floor(Date.now() / 1000) - (behaviour.webhook === 'stale' ? 3600 : 0)
      const key = behaviour.webhook === 'forged' ? randomBytes(24) : Buffer.from(secret.slice(6), 'base64')
      const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')
      try {
        const res = await fetch(p.webhook, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': `v1,${signature}`,
          },
          body,
        })
        deliveries.push({ predictionId: p.id, status: res.status, body: await res.json().catch(() => null) })
      } catch {
        deliveries.push({ predictionId: p.id, status: 0, body: null })
      }
    }
  }

  return {
    url: `${server.origin}/v1`,
    origin: server.origin,
    token,
    secret,
    requests: server.requests,
    predictions,
    deliveries,
    cancels,
    behaviour,
    uploads,
    deletedUploads,
    reset() {
      Object.assign(behaviour, defaults())
      server.requests.length = 0
      deliveries.length = 0
      cancels.length = 0
      deletedUploads.length = 0
    },
    async close() {
      for (const t of timers) clearTimeout(t)
      await server.close()
    },
  }
}

function defaults(): ReplicateBehaviour {
  return {
    create: [],
    get: [],
    outcome: 'succeed',
    runMs: 150,
    expireOutputs: false,
    webhook: 'signed',
    render: null,
    image: undefined,
  }
}

function problem(status: number, title: string, detail: string) {
  return { title, detail, status }
}

function scriptedDetail(status: number): string {
  return status === 429 ? 'Request was throttled. Expected available in 1 second.' : 'Internal server error'
}
